// Exactness harness: the SVG pipeline and the copy formats on 5,500 real icons from the
// Iconify JSON sets installed as devDependencies (tests/exactness/iconify-corpus.ts):
//   1. importSvg never returns an error for them;
//   2. every React TS and React Native TS output type-checks under `strict` against
//      @types/react and the real react-native-svg: all of them, written into a temporary
//      folder as a few files and checked in one TypeScript run, plus a sample written as
//      standalone modules (each also labelled, or decorative, as the app copies it: ADR 0106)
//      and two deliberately broken canaries that must be reported;
//   3. on a deterministic sample of over 1,000 icons (every 5th, plus every icon whose
//      components use ids, scoped with useId, or whose single colour becomes currentColor),
//      every format at its default size and colours draws what the stored SVG draws: the SVG
//      itself, React TS and React JS rendered with react-dom/server's renderToStaticMarkup,
//      React Native TS through the stand-in renderer and the CSS class's data URI (a mask
//      painted in the class's colour), each in its default box (1em high and as wide as the
//      viewBox; React Native 24 × 24), against the stored SVG in the same box, 64 px wide with
//      resvg: at most 0.5 % of pixels may differ by more than 24/255 on a channel
//      (premultiplied RGBA, colours included: no colour is given from outside). Each is
//      converted with what it means, as the app and the exports do (ADR 0106): every other icon
//      labelled with a description, the others decorative.
// It prints a one-line summary. The type check runs in a worker thread (typecheck-worker.ts)
// while the pixel checks run here.

import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { convertSvg, importSvg } from '../../common/svg/index.ts'
import {
  boxProblem,
  CHANNEL_TOLERANCE,
  compare,
  type DrawnFormat,
  drawnMarkup,
  PIXEL_TOLERANCE,
  referenceBitmap,
  referenceKey,
  singleColorOf,
} from '../../common/svg/test-support/draw-checks.ts'
import type { Bitmap } from '../../common/svg/test-support/render.ts'
import type { TypeCheckResult } from '../../common/svg/test-support/typecheck.ts'
import { nativeBundle, reactBundle, unpackNative, unpackReact } from './bundle.ts'
import { type CorpusIcon, iconifyCorpus } from './iconify-corpus.ts'

const DRAW_EVERY = 5
const BUNDLE_SIZE = 250
const VERBATIM_EVERY = 100
const DRAWN_FORMATS: DrawnFormat[] = ['svg', 'react-ts', 'react-js', 'react-native-ts', 'css']
/** What the sample's icons mean when drawn (titles and descriptions must not draw). */
const MEANINGS = [{ label: '', description: 'A description' }, { decorative: true }]

const started = performance.now()
const summary: Record<string, string> = {}
const icons = iconifyCorpus()
const stored = new Map<CorpusIcon, string>()

interface WorkerReply {
  result: TypeCheckResult | { error: string }
  warmUpMs: number
  warmUpProblems: string[]
}
const worker = new Worker(new URL('./typecheck-worker.ts', import.meta.url))
const workerFailed = new Promise<never>((_, reject) => worker.once('error', reject))
let typeChecked: Promise<WorkerReply> | null = null
let typeCheckStarted = 0
let typeCheckModules = 0
let typeCheckVerbatim = 0
let typeCheckComponents = 0

afterAll(async () => {
  await worker.terminate()
  const perSet = Object.entries(
    icons.reduce<Record<string, number>>((acc, icon) => {
      acc[icon.set] = (acc[icon.set] ?? 0) + 1
      return acc
    }, {}),
  )
    .map(([set, n]) => `${set} ${n}`)
    .join(', ')
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `exactness: ${icons.length} icons (${perSet}); ${Object.values(summary).join('; ')}; ${seconds} s`,
  )
})

/**
 * Converts every stored icon to React TS and React Native TS, packs the modules into a few
 * files (bundle.ts) plus every 100th as a standalone module and two broken canaries, and
 * hands them to the worker's one TypeScript run.
 */
function startTypeCheck(): void {
  typeCheckStarted = performance.now()
  const modules: Record<string, string> = {}
  const react: ReturnType<typeof unpackReact>[] = []
  const native: ReturnType<typeof unpackNative>[] = []
  let n = 0
  for (const [icon, svg] of stored) {
    const ts = convertSvg(svg, 'react-ts', icon.name)
    const rn = convertSvg(svg, 'react-native-ts', icon.name)
    react.push(unpackReact(ts))
    native.push(unpackNative(rn))
    if (n % VERBATIM_EVERY === 0) {
      modules[`verbatim/react/${icon.set}/${icon.name}.tsx`] = ts
      modules[`verbatim/native/${icon.set}/${icon.name}.tsx`] = rn
      const meaning = MEANINGS[(n / VERBATIM_EVERY) % 2]
      modules[`verbatim/react-meaning/${icon.set}/${icon.name}.tsx`] = convertSvg(
        svg,
        'react-ts',
        icon.name,
        meaning,
      )
      modules[`verbatim/native-meaning/${icon.set}/${icon.name}.tsx`] = convertSvg(
        svg,
        'react-native-ts',
        icon.name,
        meaning,
      )
      typeCheckVerbatim += 4
    }
    n++
  }
  for (let i = 0; i * BUNDLE_SIZE < react.length; i++) {
    modules[`bundles/react-${i}.tsx`] = reactBundle(react.slice(i * BUNDLE_SIZE, (i + 1) * BUNDLE_SIZE))
    modules[`bundles/native-${i}.tsx`] = nativeBundle(native.slice(i * BUNDLE_SIZE, (i + 1) * BUNDLE_SIZE))
  }
  // The canaries: the check must be able to fail, once for each kind of output.
  modules['canary/react.tsx'] = convertSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><path d="M0 0h2" stroke-width="2"/></svg>',
    'react-ts',
    'canary',
  ).replace('strokeWidth=', 'strokeWidht=')
  modules['canary/native.tsx'] = convertSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><path d="M0 0h2" stroke-linecap="round"/></svg>',
    'react-native-ts',
    'canary',
  ).replace('strokeLinecap="round"', 'strokeLinecap="inherit"')
  typeCheckModules = Object.keys(modules).length
  typeCheckComponents = react.length + native.length
  typeChecked = Promise.race([
    new Promise<WorkerReply>((resolve) => worker.once('message', resolve)),
    workerFailed,
  ])
  worker.postMessage(modules)
}

describe('exactness on real icons', () => {
  it('imports every icon without an error', () => {
    const t0 = performance.now()
    const errors: string[] = []
    for (const icon of icons) {
      const result = importSvg(icon.svg)
      if ('error' in result) errors.push(`${icon.id}: ${result.error}`)
      else stored.set(icon, result.svg)
    }
    summary.import = `importSvg ${stored.size} ok, ${errors.length} errors (${Math.round(performance.now() - t0)} ms)`
    expect(icons.length).toBeGreaterThanOrEqual(5_000)
    expect(icons.filter((i) => i.set === 'fluent-emoji-flat').length).toBeGreaterThanOrEqual(400)
    expect(errors).toEqual([])
    startTypeCheck()
  })

  it('draws the stored SVG exactly in every format, at its default size and colours, on a sample', {
    timeout: 300_000,
  }, () => {
    const t0 = performance.now()
    const sample = [...stored].filter(
      ([, svg], i) => i % DRAW_EVERY === 0 || svg.includes(' id="') || singleColorOf(svg) !== null,
    )
    const failures: string[] = []
    let worst = 0
    let skipped = 0
    for (const [at, [icon, svg]] of sample.entries()) {
      const references = new Map<string, Bitmap>()
      for (const format of DRAWN_FORMATS) {
        const drawn = drawnMarkup(svg, format, icon.name, {}, MEANINGS[at % 2])
        if ('skipped' in drawn) {
          // Only React Native may leave out what react-native-svg cannot draw (and says so).
          if (format !== 'react-native-ts') throw new Error(`${icon.id} ${format}: ${drawn.skipped}`)
          skipped++
          continue
        }
        const box = boxProblem(svg, format, drawn)
        if (box) {
          failures.push(`${icon.id} ${format}: ${box}`)
          continue
        }
        const key = referenceKey(drawn.box)
        let reference = references.get(key)
        if (!reference) {
          reference = referenceBitmap(svg, drawn.box)
          references.set(key, reference)
        }
        const ratio = compare(reference, drawn)
        worst = Math.max(worst, ratio)
        if (ratio > PIXEL_TOLERANCE)
          failures.push(`${icon.id} ${format}: ${(ratio * 100).toFixed(2)}% of pixels differ`)
      }
    }
    summary.draw =
      `${sample.length} drawn at 64 px in ${DRAWN_FORMATS.join(', ')} at their default size and colours ` +
      `(tolerance ${PIXEL_TOLERANCE * 100}% of pixels beyond ${CHANNEL_TOLERANCE}/255, RGBA), ` +
      `${skipped} React Native outputs not drawable by react-native-svg skipped, worst ${(worst * 100).toFixed(2)}%, ` +
      `${failures.length} failures (${Math.round(performance.now() - t0)} ms)`
    expect(sample.length).toBeGreaterThanOrEqual(1_000)
    expect(failures).toEqual([])
  })

  it('type-checks every React TS and React Native TS output under strict', { timeout: 300_000 }, async () => {
    if (!typeChecked) throw new Error('nothing was imported')
    const reply = await typeChecked
    if ('error' in reply.result) throw new Error(reply.result.error)
    const { problems } = reply.result
    expect(reply.warmUpProblems).toEqual([])
    summary.typecheck =
      `tsc --strict: ${typeCheckComponents} React TS and React Native TS components in ${typeCheckModules} files ` +
      `(${typeCheckModules - typeCheckVerbatim - 2} bundles, ${typeCheckVerbatim} standalone, 2 canaries), ` +
      `${problems.filter((p) => !p.startsWith('canary/')).length} problems, ` +
      `canaries caught ${problems.filter((p) => p.startsWith('canary/')).length}/2 ` +
      `(${Math.round(performance.now() - typeCheckStarted)} ms, libraries loaded ahead in ${reply.warmUpMs} ms)`
    expect(problems.filter((p) => !p.startsWith('canary/'))).toEqual([])
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^canary\/native\.tsx\(\d+,\d+\): .*"inherit"/s)
    expect(problems[1]).toMatch(/^canary\/react\.tsx\(\d+,\d+\): .*strokeWidht/s)
  })
})
