// Index keys for near-duplicates (ADR 0113): which stored drawings a new one must be compared with,
// found by equal keys instead of by reading the project. The rule itself is common/duplicates.ts:
// two drawings are near when at most NEAR_DUPLICATE_BITS (1) pixels are solid in one and untouched
// in the other. A Hamming index (equal bands of a hash) does not fit that rule: the pixels one
// drawing only touches (its anti-aliased edges) match anything in the other. So each block of the
// raster has one of three states, S (some pixel solid), Z (no pixel touched) or T (touched, none
// solid), and two drawings conflict in a block only where one is S and the other Z; a conflicting
// block holds a pixel that counts in the distance, so near drawings have at most one.
//
// Pigeonhole: the blocks are split in two bands (a checkerboard); near drawings have no conflict in
// at least one of them. A band's key is a word, one bit per block: 1 for S, 0 for Z, either for T,
// so a drawing has 2^(its T blocks) words there; two drawings without a conflict in the band share
// a word (each block: S/S → 1, Z/Z → 0, S/T → 1, Z/T → 0, T/T → either). Two levels:
//  - L1: 8×8 blocks of 4×4 pixels, 32 a band: selective, kept when a band has at most MAX_FREE_BLOCKS
//    T blocks (hairline drawings have dozens: too many words);
//  - L2: 4×4 blocks of 8×8 pixels, 8 a band (at most 256 words): every drawing stores these
//    (`all`), and a drawing whose band is too free for L1 stores them instead (`tail`).
// A drawing asks with its L1 words and its L2 `tail` words when its band fits L1, else its L2 `all`
// words; whichever side is too free, the pair shares a word at some level (near-keys.test.ts
// checks it on every near pair of thousands of real icons). Keys are salted with the project so
// one index serves every project: equal keys of two projects only add candidates, which the
// project filter drops.
import { FINGERPRINT_SIZE, type Fingerprint } from './duplicates.ts'

/** Most T blocks a band may have for its L1 words (2^8 words at most). */
const MAX_FREE_BLOCKS = 8

type Level = { block: number; side: number }
const L1: Level = { block: 4, side: FINGERPRINT_SIZE / 4 }
const L2: Level = { block: 8, side: FINGERPRINT_SIZE / 8 }

/** Tags: which level and band a word belongs to (kind × 2 + band). */
const KIND = { l1: 0, tail: 1, all: 2 } as const

type BandWords = { solid: number; free: number }

/** Per band (0, 1): the blocks that are S (bits) and T (bits), in the band's order. */
function bandsOf(print: Fingerprint, level: Level): [BandWords, BandWords] {
  const bands: [BandWords, BandWords] = [
    { solid: 0, free: 0 },
    { solid: 0, free: 0 },
  ]
  const mask = 2 ** level.block - 1
  for (let by = 0; by < level.side; by++)
    for (let bx = 0; bx < level.side; bx++) {
      const bits = (mask * 2 ** (bx * level.block)) >>> 0
      let solid = 0
      let touched = 0
      for (let y = by * level.block; y < (by + 1) * level.block; y++) {
        solid |= print.solid[y]! & bits
        touched |= print.touched[y]! & bits
      }
      const band = bands[(bx + by) & 1]!
      const bit = 2 ** (by * (level.side / 2) + (bx >> 1))
      if (solid) band.solid += bit
      else if (touched) band.free += bit
    }
  return bands
}

const popcount = (v: number) => {
  let n = 0
  for (let x = v >>> 0; x; x &= x - 1) n++
  return n
}

/** Every word of a band: its S bits with any subset of its T bits. */
function words({ solid, free }: BandWords): number[] {
  const out: number[] = []
  for (let sub = free >>> 0; ; sub = (sub - 1) & free) {
    out.push((solid | sub) >>> 0)
    if (!sub) break
  }
  return out
}

/** A key (an int8 below 2^53): the project's salt, then the tag (3 bits), then the 32-bit word. */
const keyOf = (salt: number, kind: number, band: number, word: number) =>
  salt * 2 ** 35 + (kind * 2 + band) * 2 ** 32 + (word >>> 0)

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
  const fine = bandsOf(print, L1)
  const coarse = bandsOf(print, L2)
  const out: number[] = []
  for (const band of [0, 1]) {
    const l2 = words(coarse[band]!)
    if (popcount(fine[band]!.free) <= MAX_FREE_BLOCKS) {
      for (const w of words(fine[band]!)) out.push(keyOf(salt, KIND.l1, band, w))
      if (asking) for (const w of l2) out.push(keyOf(salt, KIND.tail, band, w))
    } else if (asking) for (const w of l2) out.push(keyOf(salt, KIND.all, band, w))
    else for (const w of l2) out.push(keyOf(salt, KIND.tail, band, w))
    if (!asking) for (const w of l2) out.push(keyOf(salt, KIND.all, band, w))
  }
  return out
}
