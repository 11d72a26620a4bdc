// Import throughput: importSvg (parse → sanitize → normalize → svgo's plugins → sanitize)
// against the @iconify/tools import pipeline as its docs write it (new SVG → cleanupSVG →
// parseColors with defaultColor currentColor → runSVGO with its defaults, multipass →
// toMinifiedString) on the same real icons in the same run. Target: importSvg ≥ 5×
// @iconify/tools. Both are warmed up on every 10th icon first; rounds then time both in
// alternating order; the figures are medians over rounds, in wall time and in CPU time of
// this process (the latter is steadier on a busy machine); `met` needs both ratios ≥ 5.
// Nothing is cached between calls: each call parses, sanitizes, normalizes and runs svgo's
// plugins afresh. For the breakdown it also times importSvg's pipeline with a stand-in for
// svgo (not a loaded svgo, so optimizeTree skips it; not a product path). outputKiB is the
// total of the outputs. Prints one JSON line per measurement.
// Run: node bench/svg-import-vs-iconify.ts [rounds=5] [icons per set scale=1]

import { cleanupSVG, parseColors, runSVGO, SVG } from '@iconify/tools'
import { importIdPrefix, importSvg } from '../common/svg/index.ts'
import { finishPipeline } from '../common/svg/pipeline.ts'
import { readSvg } from '../common/svg/sanitize.ts'
import { EXACTNESS_SPEC, iconifyCorpus } from '../tests/exactness/iconify-corpus.ts'

const rounds = Number(process.argv[2] ?? 5)
const scale = Number(process.argv[3] ?? 1)
const spec = Object.fromEntries(
  Object.entries(EXACTNESS_SPEC).map(([set, n]) => [set, n === 'all' ? n : Math.round(n * scale)]),
)
const icons = iconifyCorpus(spec).map((icon) => icon.svg)

function iconify(text: string): string {
  const svg = new SVG(text)
  cleanupSVG(svg)
  parseColors(svg, { defaultColor: 'currentColor' })
  runSVGO(svg)
  return svg.toMinifiedString()
}

let ourErrors = 0
function ours(text: string): string {
  const result = importSvg(text)
  if ('error' in result) {
    ourErrors++
    return ''
  }
  return result.svg
}

/** For the breakdown only: importSvg's pipeline with a stand-in that is not svgo (skipped). */
function oursWithoutSvgo(text: string): string {
  const tree = readSvg(text)
  return finishPipeline(tree, { idPrefix: importIdPrefix(text, tree) }, (svg) => ({ data: svg }))
}

let theirErrors = 0
function theirs(text: string): string {
  try {
    return iconify(text)
  } catch {
    theirErrors++
    return ''
  }
}

interface Sample {
  wallMs: number
  cpuMs: number
  bytes: number
}

function run(fn: (svg: string) => string, list: string[]): Sample {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  let bytes = 0
  for (const svg of list) bytes += fn(svg).length
  const cpu = process.cpuUsage(cpu0)
  return { wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, bytes }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const round1 = (n: number) => Math.round(n * 10) / 10

// Warm-up: JIT both, and load svgo in each (they use different builds).
const warm = icons.filter((_, i) => i % 10 === 0)
run(ours, warm)
run(theirs, warm)
ourErrors = 0
theirErrors = 0

const samples = { importSvg: [] as Sample[], iconify: [] as Sample[], importSvgWithoutSvgo: [] as Sample[] }
run(oursWithoutSvgo, warm)
// The order alternates: whichever runs second in a round pays for collecting the other's garbage.
for (let r = 0; r < rounds; r++) {
  if (r % 2 === 0) {
    samples.importSvg.push(run(ours, icons))
    samples.iconify.push(run(theirs, icons))
  } else {
    samples.iconify.push(run(theirs, icons))
    samples.importSvg.push(run(ours, icons))
  }
  samples.importSvgWithoutSvgo.push(run(oursWithoutSvgo, icons))
}

const summary: Record<string, Record<string, number>> = {}
for (const [name, list] of Object.entries(samples)) {
  const wall = median(list.map((s) => s.wallMs))
  const cpu = median(list.map((s) => s.cpuMs))
  summary[name] = {
    iconsPerSecond: Math.round((icons.length / wall) * 1000),
    usPerIconWall: round1((wall * 1000) / icons.length),
    usPerIconCpu: round1((cpu * 1000) / icons.length),
    outputKiB: Math.round((list[0]?.bytes ?? 0) / 1024),
    outputBytes: list[0]?.bytes ?? 0,
  }
  console.log(JSON.stringify({ bench: `import ${name}`, icons: icons.length, rounds, ...summary[name] }))
}
const ours_ = summary.importSvg!
const theirs_ = summary.iconify!
const ratioWall = round1((theirs_.usPerIconWall ?? 0) / (ours_.usPerIconWall ?? 1))
const ratioCpu = round1((theirs_.usPerIconCpu ?? 0) / (ours_.usPerIconCpu ?? 1))
console.log(
  JSON.stringify({
    bench: 'import importSvg vs @iconify/tools',
    icons: icons.length,
    ratioWall,
    ratioCpu,
    target: 5,
    met: Math.min(ratioWall, ratioCpu) >= 5,
    importSvgErrors: ourErrors / rounds,
    iconifyErrors: theirErrors / rounds,
    svgoShareOfImportSvg: Math.round(
      (1 - (summary.importSvgWithoutSvgo?.usPerIconCpu ?? 0) / (ours_.usPerIconCpu ?? 1)) * 100,
    ),
  }),
)
