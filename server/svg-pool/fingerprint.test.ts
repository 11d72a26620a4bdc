// Fingerprints and the near-duplicate threshold (ADR 0109): the same drawing nudged,
// recoloured or rescaled stays near; distinct real icons do not. The false-positive rate is measured
// on the first 1,200 icons of Lucide (@iconify-json/lucide, ISC): see ADR 0109 for what "distinct" means.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Resvg } from '@resvg/resvg-js'
import { describe, expect, it } from 'vitest'
import { drawingHash } from '../../common/drawing-hash.ts'
import {
  type Fingerprint,
  fingerprintDistance,
  isNearDuplicate,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../common/duplicates.ts'
import { fingerprintOf, shapesOf } from './fingerprint.ts'

type IconSet = { icons: Record<string, { body: string }>; width?: number }
const require = createRequire(import.meta.url)
const lucide = JSON.parse(readFileSync(require.resolve('@iconify-json/lucide/icons.json'), 'utf8')) as IconSet
const svgOf = (body: string, size = 24) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${body}</svg>`
const words = (svg: string): Fingerprint => readFingerprint(fingerprintOf(svg))!
const distance = (a: string, b: string) => fingerprintDistance(words(a), words(b))

const house = lucide.icons.house!.body

describe('fingerprint', () => {
  it('draws the shapes only: no filter, dash or marker, which resvg can take minutes over', () => {
    const square = '<path d="M0 0H24V24H0z"/>'
    // A hundred octaves of noise over a filter region 100 times the drawing: ~70 s of resvg's CPU
    // in one native call (as a <rect>, resvg panicked and took the process down).
    const noise =
      '<filter id="f" x="-5000%" y="-5000%" width="10000%" height="10000%"><feTurbulence baseFrequency=".9" numOctaves="100"/></filter>'
    for (const shape of [square, '<rect width="24" height="24"/>'])
      expect(fingerprintOf(svgOf(`${noise}${shape.replace('/>', ' filter="url(#f)"/>')}`))).toBe(
        fingerprintOf(svgOf(shape)),
      )
    const lines = Array.from({ length: 200 }, (_, i) => `M0 ${i / 10}L24 ${24 - i / 10}`).join('')
    const dashed = `<path stroke="#000" stroke-width=".5" style="stroke-dasharray:.0001 .0001;opacity:1" d="${lines}"/>`
    expect(fingerprintOf(svgOf(dashed))).toBe(
      fingerprintOf(svgOf(`<path stroke="#000" stroke-width=".5" style="opacity:1" d="${lines}"/>`)),
    )
    const marked = `<marker id="m"><path d="M0 0h9v9z"/></marker><path d="M2 2L20 20" stroke="#000" marker-mid="url(#m)" marker-end="url(#m)"/>`
    expect(shapesOf(svgOf(marked))).toBe(svgOf('<path d="M2 2L20 20" stroke="#000"/>'))
    // A drawing without any is drawn as it is.
    expect(shapesOf(svgOf(house))).toBe(svgOf(house))
  })

  it('is two 32×32 planes of coverage, the drawing centred', () => {
    const square =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
    const wide =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-5 0 20 10"><rect width="10" height="10"/></svg>'
    expect(fingerprintOf(square)).toBe('f'.repeat(512))
    // The wide one is centred: its square fills the middle half of each row.
    expect(words(wide).solid[16]).toBe(0x00ffff00)
    expect(words(wide).touched[8]).toBe(0x00ffff00)
    expect(words(wide).touched[7]).toBe(0)
  })

  it('keeps the same drawing near when recoloured, rescaled, nudged, thinned or rounded', () => {
    const svg = svgOf(house)
    expect(distance(svg, svgOf(house.replaceAll('currentColor', '#f00')))).toBe(0)
    expect(distance(svg, svgOf(`<g transform="scale(2)">${house}</g>`, 48))).toBe(0)
    const variants = [
      `<g transform="translate(0.3 0.1)">${house}</g>`,
      `<g transform="translate(12 12) scale(0.97) translate(-12 -12)">${house}</g>`,
      house.replace('stroke-width="2"', 'stroke-width="1.75"'),
      house.replace(/(\d+\.\d)\d+/g, '$1'),
    ]
    for (const variant of variants)
      expect(distance(svg, svgOf(variant)), variant).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS)
  })

  it('tells a different icon apart', () => {
    expect(isNearDuplicate(words(svgOf(house)), words(svgOf(lucide.icons['house-plus']!.body)))).toBe(false)
    expect(isNearDuplicate(words(svgOf(house)), words(svgOf(lucide.icons.star!.body)))).toBe(false)
  })
})

/** Pixels two coverages differ in (plain Hamming distance). */
function hamming(a: Uint32Array, b: Uint32Array): number {
  let d = 0
  for (let i = 0; i < a.length; i++) for (let x = (a[i]! ^ b[i]!) >>> 0; x; x &= x - 1) d++
  return d
}

/** A finer view (64 px coverage) to tell genuine look-alikes from distinct icons (ADR 0109). */
function coverage64(svg: string): Uint32Array {
  const { pixels } = new Resvg(svg, {
    fitTo: { mode: 'width', value: 64 },
    font: { loadSystemFonts: false },
  }).render()
  const out = new Uint32Array(128)
  for (let i = 0; i < 4096; i++) if ((pixels[i * 4 + 3] ?? 0) >= 128) out[i >>> 5]! |= 1 << (i & 31)
  return out
}

describe('near-duplicate false positives on real icons', () => {
  it('flag at most 0.5% of 1,000+ distinct Lucide icons', async () => {
    // One icon per drawing (Lucide keeps old names as icons with the very same drawing).
    const seen = new Set<string>()
    const icons: { name: string; svg: string }[] = []
    for (const [name, { body }] of Object.entries(lucide.icons).slice(0, 1200)) {
      const svg = svgOf(body)
      const hash = await drawingHash(svg)
      if (seen.has(hash)) continue
      seen.add(hash)
      icons.push({ name, svg })
    }
    const fine = icons.map((i) => coverage64(i.svg))
    // Distinct: at 64 px (4,096 pixels) its coverage differs from every other icon's in more than
    // 2% of the pixels (82). Closer pairs are look-alikes a designer made on purpose (an icon and its
    // variant with one small mark more): they are near-duplicates, not false positives.
    const distinct = icons.filter((_, i) =>
      fine.every((other, j) => j === i || hamming(fine[i]!, other) > 82),
    )
    expect(distinct.length).toBeGreaterThanOrEqual(1000)
    const prints = distinct.map((i) => words(i.svg))
    const flagged = distinct.filter((_, i) =>
      prints.some((other, j) => j !== i && isNearDuplicate(prints[i]!, other)),
    )
    // Measured 2026-11-28: 1,101 distinct of 1,199 drawings, 2 flagged (area-chart, chart-area): 0.18%.
    expect(flagged.length / distinct.length).toBeLessThanOrEqual(0.005)
  }, 60_000)
})
