// Hostile-input benchmark: the worst inputs the SVG pipeline still accepts at each of its cost
// limits (common/svg/errors.ts), and how fast it refuses those just beyond them (the reproductions
// of earlier attacks among them). Prints one JSON line per case: CPU and wall time of processSvg.
// Run: node bench/svg-limits.ts [rounds]   (default 3)
import { cpus, loadavg } from 'node:os'
import {
  MAX_PATH_DATA_LENGTH,
  MAX_PATH_SEGMENTS,
  MAX_SVG_ATTRIBUTES,
  MAX_SVG_EXPANDED_ELEMENTS,
  MAX_SVG_PATH_SEGMENTS,
  processSvg,
  SvgError,
} from '../common/svg/index.ts'

const rounds = Number(process.argv[2] ?? 3)
const SVG = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body}</svg>`
/** One path of `segments` segments: a moveto, then the same relative command repeated. */
const path = (segments: number, unit: string) => `<path d="M0 0${unit.repeat(segments - 1)}"/>`
/** The most segments of `unit` one accepted path can have (segment and data-length limits). */
const most = (unit: string) =>
  Math.min(MAX_PATH_SEGMENTS, Math.floor((MAX_PATH_DATA_LENGTH - 4) / unit.length) + 1)
const LINE = ' l1.123 2.456'
const CURVE = ' c1.123 2.456 3.1 4.2 5.55 6.666'
const ARC = ' a1.123 2.456 30 0 1 5.55 6.666'
/** Paths of the most segments each, up to `total` segments or the 512 KB size limit. */
function paths(total: number, unit: string): string {
  const one = path(most(unit), unit)
  const count = Math.min(Math.floor(total / most(unit)), Math.floor((500 * 1024) / one.length))
  return one.repeat(count)
}

/** A <use> chain doubling at each step, from one path. */
function doubling(steps: number): string {
  let defs = '<path id="u0" d="M0 0h1"/>'
  for (let i = 1; i <= steps; i++)
    defs += `<g id="u${i}"><use href="#u${i - 1}"/><use href="#u${i - 1}"/></g>`
  return SVG(`<defs>${defs}</defs><use href="#u${steps}"/>`)
}
/** Elements a doubling chain expands to: u0 is 1, u(i) is 1 + 2 × (1 + u(i-1)); plus defs, root and the last use. */
const expanded = (steps: number) => {
  let total = 1 // u0
  let sum = 1
  for (let i = 1; i <= steps; i++) {
    total = 1 + 2 * (1 + total)
    sum += total
  }
  return sum + 1 + 1 + (1 + total)
}
let steps = 1
while (expanded(steps + 1) <= MAX_SVG_EXPANDED_ELEMENTS) steps++
const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="1"`).join('')

const cases: [string, string][] = [
  [`accepted: one path of ${most(LINE)} l segments`, SVG(path(most(LINE), LINE))],
  [`accepted: one path of ${most(CURVE)} c segments`, SVG(path(most(CURVE), CURVE))],
  [`accepted: one path of ${most(ARC)} a segments`, SVG(path(most(ARC), ARC))],
  [
    `accepted: paths of ${most(LINE)} l segments, up to ${MAX_SVG_PATH_SEGMENTS} or 500 KB`,
    SVG(paths(MAX_SVG_PATH_SEGMENTS, LINE)),
  ],
  [
    `accepted: paths of ${most(ARC)} a segments, up to ${MAX_SVG_PATH_SEGMENTS} or 500 KB`,
    SVG(paths(MAX_SVG_PATH_SEGMENTS, ARC)),
  ],
  [
    'accepted: combined, 4 paths of 2000 a segments, 1,000 short paths and 3,500 rects (svgo weight ~10,000)',
    SVG(
      path(MAX_PATH_SEGMENTS, ARC).repeat(4) +
        Array.from({ length: 1000 }, (_, i) => `<path d="M${i % 100} ${i % 97}h3"/>`).join('') +
        Array.from(
          { length: 3500 },
          (_, i) => `<rect x="${i % 90}" y="${i % 89}" width="2" height="3"/>`,
        ).join(''),
    ),
  ],
  [`accepted: <use> chain of ${steps} doublings (${expanded(steps)} elements)`, doubling(steps)],
  [
    `accepted: 500 paths of ${MAX_SVG_ATTRIBUTES} attributes`,
    SVG(`<path d="M0 0h1"${attrs(MAX_SVG_ATTRIBUTES - 1)}/>`.repeat(500)),
  ],
  ['refused: one path of 10,001 l segments (127 KB)', SVG(path(10_001, LINE))],
  ['refused: one path of 40,001 l segments (480 KB)', SVG(path(40_001, LINE))],
  ['refused: 30,000 attributes', SVG(`<path d="M0 0h1"${attrs(30_000)}/>`)],
  ['refused: a 200,000-character element name', SVG(`<${'p'.repeat(200_000)}/>`)],
  ['refused: <use> chain of 30 doublings', doubling(30)],
]

await processSvg(SVG('<path d="M0 0h1"/>'), { idPrefix: 'w' }) // loads svgo
for (const [label, svg] of cases) {
  const cpu: number[] = []
  const wall: number[] = []
  let outcome = ''
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    try {
      await processSvg(svg, { idPrefix: 'b' })
      outcome = 'accepted'
    } catch (error) {
      if (!(error instanceof SvgError)) throw error
      outcome = error.code
    }
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  const range = (list: number[]) => [Math.min(...list), Math.max(...list)].map((n) => Math.round(n * 10) / 10)
  console.log(
    JSON.stringify({
      bench: label,
      outcome,
      kB: Math.round(svg.length / 1024),
      cpuMs: range(cpu),
      wallMs: range(wall),
    }),
  )
}
console.log(JSON.stringify({ load: loadavg().map((n) => Math.round(n * 10) / 10), cores: cpus().length }))
