// Conversion throughput: convertSvg per copy format against @svgr/core (+ @svgr/plugin-jsx,
// no svgo, no config-file lookup, automatic JSX runtime) on the same stored icons in the same
// run. SVGR's counterpart of each format: react-ts → { typescript: true }, react-js → {},
// react-native-ts → { native: true, typescript: true }; SVGR has no CSS or SVG output, so css
// and svg are measured against its cheapest transform (react-js). Target: ≥ 30× SVGR.
// Each round times every format, ours then SVGR's, after a warm-up; figures are medians over
// rounds, in wall time and in CPU time of this process. A round of ours converts the icons
// OUR_PASSES times (one pass lasts ~20 ms, short enough for one collection of SVGR's garbage
// to double it); per-icon figures divide by the passes. The ratio reported per format is the
// lower of the wall-time and CPU-time ratios. Before timing, every format of a sample is checked to
// draw what the stored SVG draws (resvg, 64 px; see common/svg/test-support/draw-checks.ts).
// Prints one JSON line per format and a summary.
// Run: node bench/svg-convert-vs-svgr.ts [rounds=5] [every nth icon=5] [draw-check sample=200]

import { type Config, transform } from '@svgr/core'
import jsx from '@svgr/plugin-jsx'
import { COPY_FORMATS, type CopyFormat, convertSvg, importSvg } from '../common/svg/index.ts'
import { drawProblems } from '../common/svg/test-support/draw-checks.ts'
import { iconifyCorpus } from '../tests/exactness/iconify-corpus.ts'

const rounds = Number(process.argv[2] ?? 5)
const every = Number(process.argv[3] ?? 5)
const drawSample = Number(process.argv[4] ?? 200)

const icons = iconifyCorpus()
  .filter((_, i) => i % every === 0)
  .map((icon) => {
    const result = importSvg(icon.svg)
    if ('error' in result) throw new Error(`${icon.id}: ${result.error}`)
    return { name: icon.name, svg: result.svg }
  })

// Exactness first: a deterministic sample of every format must draw the stored SVG.
const drawFailures: string[] = []
const step = Math.max(1, Math.floor(icons.length / drawSample))
let drawn = 0
for (let i = 0; i < icons.length && drawn < drawSample; i += step, drawn++) {
  const icon = icons[i]!
  for (const p of drawProblems(icon.svg, icon.name))
    drawFailures.push(`${icon.name} ${p.format}: ${p.problem}`)
}
console.log(
  JSON.stringify({ bench: 'convert exactness', icons: drawn, formats: COPY_FORMATS, failures: drawFailures }),
)
if (drawFailures.length) process.exitCode = 1

const SVGR_BASE: Config = { plugins: [jsx], runtimeConfig: false, jsxRuntime: 'automatic' }
const SVGR_CONFIG: Record<CopyFormat, Config> = {
  'react-ts': { ...SVGR_BASE, typescript: true },
  'react-js': SVGR_BASE,
  'react-native-ts': { ...SVGR_BASE, native: true, typescript: true },
  css: SVGR_BASE,
  svg: SVGR_BASE,
}

interface Sample {
  wallMs: number
  cpuMs: number
}

function time(fn: () => void): Sample {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  fn()
  const cpu = process.cpuUsage(cpu0)
  return { wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 }
}

const OUR_PASSES = 20
const ours = (format: CopyFormat) => () => {
  for (let pass = 0; pass < OUR_PASSES; pass++)
    for (const icon of icons) convertSvg(icon.svg, format, icon.name)
}
const svgr = (format: CopyFormat) => () => {
  const config = SVGR_CONFIG[format]
  for (const icon of icons) transform.sync(icon.svg, config, { componentName: 'Icon' })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const round1 = (n: number) => Math.round(n * 10) / 10

// Warm-up, then rounds; each round times every format, ours then SVGR's, so that the load of
// a busy machine falls on all of them alike.
for (const format of COPY_FORMATS) {
  ours(format)()
  svgr(format)()
}
const samples = new Map(COPY_FORMATS.map((f) => [f, { ours: [] as Sample[], svgr: [] as Sample[] }]))
for (let r = 0; r < rounds; r++) {
  for (const format of COPY_FORMATS) {
    const s = samples.get(format)!
    s.ours.push(time(ours(format)))
    s.svgr.push(time(svgr(format)))
  }
}

const ratios: Record<string, number> = {}
for (const format of COPY_FORMATS) {
  const { ours: a, svgr: b } = samples.get(format)!
  const perIcon = (list: Sample[], key: keyof Sample, passes = 1) =>
    (median(list.map((s) => s[key])) * 1000) / icons.length / passes
  const row = {
    bench: `convert ${format}`,
    icons: icons.length,
    rounds,
    oursUsPerIcon: round1(perIcon(a, 'wallMs', OUR_PASSES)),
    svgrUsPerIcon: round1(perIcon(b, 'wallMs')),
    oursCpuUsPerIcon: round1(perIcon(a, 'cpuMs', OUR_PASSES)),
    svgrCpuUsPerIcon: round1(perIcon(b, 'cpuMs')),
    svgrConfig: format === 'css' || format === 'svg' ? 'react-js (no css/svg output in SVGR)' : format,
    ratioWall: round1(perIcon(b, 'wallMs') / perIcon(a, 'wallMs', OUR_PASSES)),
    ratioCpu: round1(perIcon(b, 'cpuMs') / perIcon(a, 'cpuMs', OUR_PASSES)),
  }
  ratios[format] = Math.min(row.ratioWall, row.ratioCpu)
  console.log(JSON.stringify(row))
}
console.log(
  JSON.stringify({
    bench: 'convert vs SVGR',
    target: 30,
    ratios,
    met: Object.values(ratios).every((r) => r >= 30),
    exact: drawFailures.length === 0,
  }),
)
