// Near-duplicates (ADR 0109). A drawing's fingerprint is its coverage on a 32×32 raster
// (server/svg-pool/fingerprint.ts) as two bit planes, one 32-bit word per row: "solid" (the drawing
// covers at least 75% of the pixel) then "touched" (at least 12.5%); 2,048 bits in hex. Two drawings
// are near-duplicates when at most NEAR_DUPLICATE_BITS pixels are solid in one and untouched in the
// other. A plain Hamming distance of one plane would count anti-aliased edges: a stroke nudged by a
// tenth of a pixel flips dozens of them from one side of half coverage to the other; an edge pixel
// is touched in both, so only ink one drawing has and the other lacks counts. The rule lives here
// once: the server applies it, tests measure it.

/** Side of the raster a fingerprint is made at (px): one 32-bit word per row. */
export const FINGERPRINT_SIZE = 32
/** Coverage (alpha of 255) from which a pixel is solid, and touched. */
export const SOLID_ALPHA = 192
export const TOUCHED_ALPHA = 32
/** Most pixels solid in one and untouched in the other two near-duplicates may have (ADR 0109). */
export const NEAR_DUPLICATE_BITS = 1

/** A fingerprint: its solid and touched planes, and how many pixels each has. */
export type Fingerprint = { solid: Uint32Array; touched: Uint32Array; solidInk: number; touchedInk: number }

const popcount = (v: number) => {
  let x = v - ((v >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

const ink = (plane: Uint32Array) => plane.reduce((n, w) => n + popcount(w), 0)

/** A fingerprint from its hex (null when it is not one: a drawing that could not be drawn). */
export function readFingerprint(hex: string): Fingerprint | null {
  if (hex.length !== FINGERPRINT_SIZE * 16) return null
  const words = new Uint32Array(FINGERPRINT_SIZE * 2)
  for (let i = 0; i < words.length; i++) words[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16) >>> 0
  return fingerprintOfWords(words)
}

/** A fingerprint from its words (its solid rows, then its touched ones), read in place. */
export function fingerprintOfWords(words: Uint32Array): Fingerprint {
  const solid = words.subarray(0, FINGERPRINT_SIZE)
  const touched = words.subarray(FINGERPRINT_SIZE)
  return { solid, touched, solidInk: ink(solid), touchedInk: ink(touched) }
}

/**
 * The least distance two fingerprints with these ink counts can have: each of one's solid pixels
 * beyond the other's touched ones counts. A bound checked before any plane is read.
 */
export const inkBound = (
  a: Pick<Fingerprint, 'solidInk' | 'touchedInk'>,
  b: Pick<Fingerprint, 'solidInk' | 'touchedInk'>,
) => Math.max(a.solidInk - b.touchedInk, b.solidInk - a.touchedInk, 0)

/**
 * A fingerprint's outline, four words: the rows with a solid pixel, the rows with a touched one (a
 * bit a row), then the columns with a solid pixel and those with a touched one (OR of the rows).
 */
export function outlineOf(print: Fingerprint): Uint32Array {
  const out = new Uint32Array(4)
  for (let y = 0; y < FINGERPRINT_SIZE; y++) {
    if (print.solid[y]) out[0]! |= 1 << y
    if (print.touched[y]) out[1]! |= 1 << y
    out[2]! |= print.solid[y]!
    out[3]! |= print.touched[y]!
  }
  return out
}

/**
 * A least distance from two outlines (`b`'s read from `at`): a row with a solid pixel in one
 * drawing and none touched in the other holds a pixel that counts, and so does such a column; rows
 * are told apart from rows, and one drawing's counted pixels from the other's (a solid pixel is
 * touched), so the rows give a bound and the columns another.
 */
export function outlineBound(a: Uint32Array, b: Uint32Array, at = 0): number {
  const rows = popcount(a[0]! & ~b[at + 1]!) + popcount(b[at]! & ~a[1]!)
  const columns = popcount(a[2]! & ~b[at + 3]!) + popcount(b[at + 2]! & ~a[3]!)
  return Math.max(rows, columns)
}

/** Pixels solid in one fingerprint and untouched in the other (stops counting past `limit`). */
export function fingerprintDistance(a: Fingerprint, b: Fingerprint, limit = Infinity): number {
  const bound = inkBound(a, b)
  if (bound > limit) return bound
  return rowsDistance(a, b.solid, 0, b.touched, 0, limit)
}

/**
 * fingerprintDistance's count row by row, once the ink bound is passed: `b`'s planes read where they
 * are held (its solid rows from `solidAt` of `solid`, its touched ones from `touchedAt`), so a store
 * of many fingerprints in one array (server/domain/duplicates/near-cache.ts) compares in place.
 */
export function rowsDistance(
  a: Fingerprint,
  solid: Uint32Array,
  solidAt: number,
  touched: Uint32Array,
  touchedAt: number,
  limit = Infinity,
): number {
  let d = 0
  for (let y = 0; y < FINGERPRINT_SIZE && d <= limit; y++)
    d += popcount(a.solid[y]! & ~touched[touchedAt + y]!) + popcount(solid[solidAt + y]! & ~a.touched[y]!)
  return d
}

/** Whether two fingerprints are near-duplicates. */
export const isNearDuplicate = (a: Fingerprint, b: Fingerprint) =>
  fingerprintDistance(a, b, NEAR_DUPLICATE_BITS) <= NEAR_DUPLICATE_BITS
