// The near-duplicate keys (common/near-keys.ts, ADR 0113) miss no near pair: on 600 real icons
// (Lucide, ISC) and each again nudged, thinned or drawn as a hairline (the drawings whose blocks are
// mostly free, the coarser levels' path), every pair within the rule's threshold (common/duplicates.ts)
// shares a key, asked either way; so does a pair made to sit on the levels' seams; and the keys a
// drawing is stored under stay bounded.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import {
  type Fingerprint,
  fingerprintDistance,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../../common/duplicates.ts'
import { queryNearKeys, storedNearKeys } from '../../../common/near-keys.ts'
import { fingerprintOf } from '../../svg-pool/fingerprint.ts'

const lucide = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> }
const drawn = (body: string, width = 2) =>
  fingerprintOf(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${width}">${body}</svg>`,
  )

describe('near-duplicate keys', () => {
  it('give every near pair of real drawings a shared key, and a bounded number of keys', () => {
    const bodies = Object.values(lucide.icons)
      .slice(0, 600)
      .map((i) => i.body)
    const prints = [
      ...bodies.map((b) => drawn(b)),
      ...bodies.slice(0, 200).map((b) => drawn(`<g transform="translate(0.3 0.2)">${b}</g>`)),
      ...bodies.slice(200, 400).map((b) => drawn(b, 1.75)),
      ...bodies.slice(400, 600).map((b) => drawn(b, 0.5)),
    ].map((hex) => readFingerprint(hex)!)
    const project = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
    const stored = prints.map((p) => new Set(storedNearKeys(project, p)))
    const asked = prints.map((p) => queryNearKeys(project, p))
    // Two bands, three levels, 2^8 words at most a level.
    for (const keys of stored) expect(keys.size).toBeLessThanOrEqual(2 * 3 * 256)
    let pairs = 0
    for (let i = 0; i < prints.length; i++)
      for (let j = 0; j < prints.length; j++) {
        if (i === j) continue
        if (fingerprintDistance(prints[i]!, prints[j]!, NEAR_DUPLICATE_BITS) > NEAR_DUPLICATE_BITS) continue
        pairs++
        expect(asked[i]!.some((k) => stored[j]!.has(k))).toBe(true)
      }
    expect(pairs).toBeGreaterThan(400) // the nudged and thinned copies near their originals, both ways
    // Another project's keys are others.
    expect(
      queryNearKeys('0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d', prints[0]!).some((k) => stored[0]!.has(k)),
    ).toBe(false)
  })

  it('give a shared key to a near pair whose one counted pixel sits in a free band of one level and a fixed one of another', () => {
    // B: nothing solid; one faint pixel in each of ten 4×4 blocks (too free for the finest level in
    // that half of the raster), none in the top-left 8×8 square. A: the same faint pixels and one
    // solid pixel in that square. Distance 1: near. Bands that differ from level to level (the scheme
    // before this one: a 4×4 checkerboard, an 8×8 one) gave this pair no key in common.
    const faint = [
      [2, 2],
      [4, 2],
      [6, 2],
      [3, 3],
      [5, 3],
      [7, 3],
      [2, 4],
      [4, 4],
      [6, 4],
      [3, 5],
    ].map(([bx, by]) => [bx! * 4 + 1, by! * 4 + 1] as const)
    const print = (solid: (readonly [number, number])[], touched: (readonly [number, number])[]) => {
      const plane = (pixels: (readonly [number, number])[]) => {
        const rows = new Uint32Array(32)
        for (const [x, y] of pixels) rows[y] = (rows[y]! | (1 << x)) >>> 0
        return rows
      }
      const p: Fingerprint = { solid: plane(solid), touched: plane(touched), solidInk: 0, touchedInk: 0 }
      return readFingerprint(hex(p))!
    }
    const b = print([], faint)
    const a = print([[1, 5]], [...faint, [1, 5]])
    expect(fingerprintDistance(a, b)).toBe(1)
    const project = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
    const shares = (x: Fingerprint, y: Fingerprint) =>
      queryNearKeys(project, x).some((k) => storedNearKeys(project, y).includes(k))
    expect(shares(a, b)).toBe(true)
    expect(shares(b, a)).toBe(true)
  })
})

/** A fingerprint's hex, as stored (its planes' words, solid then touched). */
const hex = (p: Fingerprint) =>
  [...p.solid, ...p.touched].map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('')
