// Index keys for near-duplicates (ADR 0113): which stored drawings a new one must be compared with,
// found by equal keys instead of by reading the project. The rule itself is common/duplicates.ts:
// two drawings are near when at most NEAR_DUPLICATE_BITS (1) pixels are solid in one and untouched
// in the other. A Hamming index (equal bands of a hash) does not fit that rule: the pixels one
// drawing only touches (its anti-aliased edges) match anything in the other.
//
// Blocks and trits. The raster is cut in blocks; per block, two trits, each 1, 0 or free:
//  - "ink": 1 when some pixel is solid, 0 when no pixel is touched;
//  - "fill": 1 when every pixel is solid, 0 when some pixel is untouched.
// Two drawings conflict in a block when a trit is 1 in one and 0 in the other, and either conflict
// means a pixel solid in one and untouched in the other: a pixel that counts in the distance. Near
// drawings have at most one, so at most one conflicting block at any level.
//
// Bands. Pigeonhole on two bands, the checkerboard of 8×8-pixel squares: near drawings have no
// conflict in at least one band. Every block of every level lies in one square, so a band is the
// same pixels at every level (which band is free of conflicts does not depend on the level). A
// band's word is its blocks' trits with each free trit either way, so a drawing has 2^(its free
// trits) words there, and two drawings without a conflict in the band share one.
//
// Levels, for drawings whose trits are too free. L1: 4×4-pixel blocks (32 a band, both trits); L2:
// 8×4 (16 a band, both trits); L3: 8×8 (8 a band, ink only, so at most 2^8 words). A drawing's level
// in a band is the finest with at most MAX_FREE free trits (L3 always fits). A coarser block is a
// union of finer ones, and each free trit of it holds a free trit of one of them, so a drawing has
// no more free trits at a coarser level than at its own. A stored drawing keeps its words at its
// level ("own") and at every coarser level ("up"); a drawing asks with its "own" words at its
// level and every coarser one (stored drawings as free or freer) and with its words at its level
// against "up" ones (stored drawings finer than it). Whichever is finer, a near pair shares a key
// in its conflict-free band: near-keys.test.ts checks it on every near pair of real icons, and on
// a pair made to sit on the levels' seams. Keys are salted with the project so one index serves
// every project: equal keys of two projects only add candidates, which the project filter drops.
import { FINGERPRINT_SIZE, type Fingerprint } from './duplicates.ts'

/** Most free trits a band may have at L1 and L2 (2^8 words at most). */
const MAX_FREE = 8

type Level = { width: number; height: number; fill: boolean }
const LEVELS: readonly Level[] = [
  { width: 4, height: 4, fill: true },
  { width: 8, height: 4, fill: true },
  { width: 8, height: 8, fill: false },
]

/** A band at a level: its trits set to 1 and its free trits, as bits (ink, then fill). */
type Band = { ink: number; inkFree: number; fill: number; fillFree: number }

const popcount = (v: number) => {
  let n = 0
  for (let x = v >>> 0; x; x &= x - 1) n++
  return n
}
const freeTrits = (band: Band) => popcount(band.inkFree) + popcount(band.fillFree)

/** The two bands of a drawing at a level. */
function bandsOf(print: Fingerprint, level: Level): [Band, Band] {
  const bands: [Band, Band] = [
    { ink: 0, inkFree: 0, fill: 0, fillFree: 0 },
    { ink: 0, inkFree: 0, fill: 0, fillFree: 0 },
  ]
  const next = [0, 0]
  const mask = 2 ** level.width - 1
  for (let y0 = 0; y0 < FINGERPRINT_SIZE; y0 += level.height)
    for (let x0 = 0; x0 < FINGERPRINT_SIZE; x0 += level.width) {
      const bits = (mask * 2 ** x0) >>> 0
      let solid = 0
      let touched = 0
      let allSolid = bits
      let allTouched = bits
      for (let y = y0; y < y0 + level.height; y++) {
        solid |= print.solid[y]! & bits
        touched |= print.touched[y]! & bits
        allSolid &= print.solid[y]!
        allTouched &= print.touched[y]!
      }
      const side = ((x0 >> 3) + (y0 >> 3)) & 1
      const band = bands[side]!
      const bit = 2 ** next[side]!++
      if (solid) band.ink += bit
      else if (touched) band.inkFree += bit
      if (!level.fill) continue
      if ((allSolid & bits) >>> 0 === bits) band.fill += bit
      else if ((allTouched & bits) >>> 0 === bits) band.fillFree += bit
    }
  return bands
}

/** Every subset of a mask's bits. */
function subsets(mask: number): number[] {
  const out: number[] = []
  for (let sub = mask >>> 0; ; sub = (sub - 1) & mask) {
    out.push(sub >>> 0)
    if (!sub) break
  }
  return out
}

/** A word (the ink and fill bits of a band) as 31 bits: equal words, equal hashes. */
function wordHash(ink: number, fill: number): number {
  let h = Math.imul((ink ^ 0x9e3779b9) >>> 0, 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 15) ^ fill, 0xc2b2ae35)
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f)
  return (h ^ (h >>> 16)) >>> 1
}

/** Every word of a band: its 1 trits with any subset of its free ones. */
function words(band: Band): number[] {
  const out: number[] = []
  const fills = subsets(band.fillFree)
  for (const ink of subsets(band.inkFree))
    for (const fill of fills) out.push(wordHash(band.ink | ink, band.fill | fill))
  return out
}

const OWN = 0
const UP = 1

/** A key (an int8 below 2^53): the project's salt (18 bits), the tag (level, kind, band: 4 bits), the word (31). */
const keyOf = (salt: number, level: number, kind: number, band: number, word: number) =>
  salt * 2 ** 35 + (level * 4 + kind * 2 + band) * 2 ** 31 + word

/** 18 bits of the project id (FNV-1a): keys of different projects rarely meet. */
function saltOf(projectId: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < projectId.length; i++) h = Math.imul(h ^ projectId.charCodeAt(i), 0x01000193)
  return (h >>> 0) & 0x3ffff
}

/** The keys a stored drawing is found by, in its project. */
export function storedNearKeys(projectId: string, print: Fingerprint): number[] {
  return nearKeys(projectId, print, false)
}

/** The keys a drawing asks with, in a project: a stored drawing near it has one of them. */
export function queryNearKeys(projectId: string, print: Fingerprint): number[] {
  return nearKeys(projectId, print, true)
}

function nearKeys(projectId: string, print: Fingerprint, asking: boolean): number[] {
  const salt = saltOf(projectId)
  const levels = LEVELS.map((level) => bandsOf(print, level))
  const out: number[] = []
  for (const band of [0, 1]) {
    const fits = levels.findIndex((bands) => freeTrits(bands[band]!) <= MAX_FREE)
    const own = fits < 0 ? LEVELS.length - 1 : fits
    const add = (level: number, kind: number) => {
      for (const word of words(levels[level]![band]!)) out.push(keyOf(salt, level, kind, band, word))
    }
    if (asking) {
      for (let level = own; level < LEVELS.length; level++) add(level, OWN)
      if (own > 0) add(own, UP)
    } else {
      add(own, OWN)
      for (let level = own + 1; level < LEVELS.length; level++) add(level, UP)
    }
  }
  return out
}
