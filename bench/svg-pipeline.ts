// SVG pipeline benchmark: processSvg (parse → sanitize → normalize → svgo → sanitize) over the
// legit fixture corpus ×ROUNDS, plus sanitizeSvg alone, the five copy formats, and the worst
// cases at the limits. Prints one JSON line per measurement.
// Run: node bench/svg-pipeline.ts [rounds]   (default 20)
import { COPY_FORMATS, convertSvg, MAX_SVG_ELEMENTS, processSvg, sanitizeSvg } from '../common/svg/index.ts'
import { MAX_OPTIMIZE_WEIGHT } from '../common/svg/optimize.ts'
import { scanStructure } from '../common/svg/parse.ts'
import { legitFixtures } from '../common/svg/test-support/fixtures.ts'

const rounds = Number(process.argv[2] ?? 20)
const icons = legitFixtures()

function summary(bench: string, samples: number[], extra: Record<string, unknown> = {}) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const total = samples.reduce((a, b) => a + b, 0)
  const ms = (n: number) => Math.round(n * 1000) / 1000
  console.log(
    JSON.stringify({
      bench,
      runs: samples.length,
      perSecond: Math.round((samples.length / total) * 1000),
      p50ms: ms(at(0.5)),
      p95ms: ms(at(0.95)),
      maxMs: ms(at(1)),
      ...extra,
    }),
  )
}

async function time(fn: () => unknown): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

// The first call also loads svgo (a dynamic import): report it on its own.
const first = icons[0]!
summary('svg-pipeline cold first call', [await time(() => processSvg(first.svg, { idPrefix: 'b0' }))])

const processed: number[] = []
const stored: string[] = []
for (let r = 0; r < rounds; r++) {
  for (const [i, icon] of icons.entries()) {
    const t0 = performance.now()
    const out = await processSvg(icon.svg, { idPrefix: `b${i}` })
    processed.push(performance.now() - t0)
    if (r === 0) stored.push(out)
  }
}
summary('processSvg', processed, { icons: icons.length, rounds })

const sanitized: number[] = []
for (let r = 0; r < rounds; r++)
  for (const icon of icons) sanitized.push(await time(() => sanitizeSvg(icon.svg)))
summary('sanitizeSvg', sanitized)

const converted: number[] = []
for (let r = 0; r < rounds; r++) {
  for (const svg of stored)
    converted.push(await time(() => COPY_FORMATS.map((f) => convertSvg(svg, f, 'icon'))))
}
summary('convertSvg, all five formats', converted)

// Worst cases: the heaviest icon svgo still runs on, and one at the element limit (svgo skipped).
const flat = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${Array.from(
    { length: n },
    (_, i) => `<path d="M${i % 100} ${i % 97}h3"/>`,
  ).join('')}</svg>`
for (const [label, svg] of [
  ['processSvg, heaviest icon still optimised', flat(Math.floor(MAX_OPTIMIZE_WEIGHT / 2) - 1)],
  ['processSvg at the element limit', flat(MAX_SVG_ELEMENTS - 1)],
] as const) {
  const times: number[] = []
  for (let r = 0; r < 3; r++) times.push(await time(() => processSvg(svg, { idPrefix: 'big' })))
  summary(label, times, { elements: scanStructure(svg).elements, kB: Math.round(svg.length / 1024) })
}
