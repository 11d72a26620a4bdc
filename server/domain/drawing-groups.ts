// Comparing drawings by hash and fingerprint (ADR 0109), the pure part of duplicates.ts: what each
// new drawing repeats, and a project's icons grouped by drawing. Comparing every pair of a project of
// 10,000 icons takes a second or more of CPU, so the loops yield to the event loop every
// COMPARISONS_PER_SLICE comparisons (counted, not timed: a few milliseconds a slice): the server
// answers other requests meanwhile instead of freezing (bench/duplicates.ts).
import {
  type Fingerprint,
  fingerprintDistance,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../common/duplicates.ts'
import type { DuplicateGroups } from '../../common/schemas/duplicates.ts'
import type { DrawingMeasure } from '../svg-pool/fingerprint.ts'

/** What a check finds for one drawing: the icons it repeats, exactly or nearly (null: none). */
export type DuplicateFlags = { duplicate_of: string | null; near_duplicate_of: string | null }

/** A drawing compared: its icon's id (empty when not stored), hash and fingerprint. */
export type Known = { id: string; hash: string; print: Fingerprint | null }

/** Fingerprint comparisons between two yields to the event loop. */
const COMPARISONS_PER_SLICE = 100_000
/** What reading one stored fingerprint counts for in a slice (its 64 words parsed from hex). */
const READ_COST = 200

const NO_DUPLICATE: DuplicateFlags = { duplicate_of: null, near_duplicate_of: null }

export const known = (id: string, m: DrawingMeasure): Known => ({
  id,
  hash: m.drawing_hash,
  print: readFingerprint(m.fingerprint),
})

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A stored icon's measures as read from the table (null until filled). */
export type StoredDrawing = { id: string; drawing_hash: string | null; fingerprint: string | null }

/** Counts comparisons; `done(n)` resolves after a yield to the event loop once a slice is full. */
function slices(per: number) {
  let count = 0
  return async (n: number) => {
    count += n
    if (count < per) return
    count = 0
    await yieldToLoop()
  }
}

/** The first icon of `among` with the same drawing, and the nearest one drawn differently within the threshold. */
function flagsAgainst(item: Known, among: readonly Known[]): DuplicateFlags {
  let duplicate: string | null = null
  let near: string | null = null
  let best = NEAR_DUPLICATE_BITS + 1
  for (const other of among) {
    if (!item.hash) break
    if (other.hash === item.hash) {
      duplicate ??= other.id
      continue
    }
    if (!item.print || !other.print) continue
    const d = fingerprintDistance(item.print, other.print, best)
    if (d < best) {
      best = d
      near = other.id
    }
  }
  return { duplicate_of: duplicate, near_duplicate_of: near }
}

/**
 * Flags for drawings in order, against `among` (the project's icons, oldest first) and the items
 * before each that have an id (stored in the same request): the second of two equal drawings is the
 * duplicate, not the first. `among` grows by those items.
 */
export async function flagDrawings(
  items: readonly { id: string | null; measure: DrawingMeasure | null }[],
  among: Known[],
  perSlice = COMPARISONS_PER_SLICE,
): Promise<DuplicateFlags[]> {
  const done = slices(perSlice)
  const flags: DuplicateFlags[] = []
  for (const { id, measure } of items) {
    if (!measure) {
      flags.push(NO_DUPLICATE)
      continue
    }
    const item = known(id ?? '', measure)
    flags.push(flagsAgainst(item, among))
    await done(among.length)
    if (id) among.push(item)
  }
  return flags
}

/** Stored icons with a hash (but those in `skip`) read for comparing, in slices. */
export async function storedDrawings(
  rows: readonly StoredDrawing[],
  skip: ReadonlySet<string> = new Set(),
  perSlice = COMPARISONS_PER_SLICE,
): Promise<Known[]> {
  const done = slices(perSlice)
  const out: Known[] = []
  for (const r of rows) {
    if (skip.has(r.id) || !r.drawing_hash) continue
    out.push(known(r.id, { drawing_hash: r.drawing_hash, fingerprint: r.fingerprint ?? '' }))
    await done(READ_COST)
  }
  return out
}

/**
 * Icons (oldest first) grouped by drawing: exact groups (the same hash, two or more icons), then near
 * groups (drawings, one per hash, joined when near each other, transitively: each lists every icon
 * of its drawings, oldest first).
 */
export async function groupDrawings(
  rows: readonly StoredDrawing[],
  perSlice = COMPARISONS_PER_SLICE,
): Promise<DuplicateGroups> {
  const byHash = new Map<string, string[]>()
  const firstRows: StoredDrawing[] = []
  for (const r of rows) {
    if (!r.drawing_hash) continue
    const group = byHash.get(r.drawing_hash)
    if (group) group.push(r.id)
    else {
      byHash.set(r.drawing_hash, [r.id])
      if (r.fingerprint) firstRows.push(r)
    }
  }
  const exact = [...byHash.values()].filter((g) => g.length > 1)
  const firsts = await storedDrawings(firstRows, undefined, perSlice)
  const parent = firsts.map((_, i) => i)
  const root = (i: number): number => {
    let at = i
    while (parent[at] !== at) at = parent[at]!
    parent[i] = at
    return at
  }
  const done = slices(perSlice)
  for (let i = 0; i < firsts.length; i++) {
    const a = firsts[i]!.print
    for (let j = i + 1; a && j < firsts.length; j++) {
      const b = firsts[j]!.print
      if (b && fingerprintDistance(a, b, NEAR_DUPLICATE_BITS) <= NEAR_DUPLICATE_BITS)
        parent[root(j)] = root(i)
    }
    await done(firsts.length - i - 1)
  }
  const order = new Map(rows.map((r, at) => [r.id, at]))
  const groups = new Map<number, { drawings: number; ids: string[] }>()
  firsts.forEach((f, i) => {
    const g = groups.get(root(i)) ?? { drawings: 0, ids: [] }
    g.drawings++
    g.ids.push(...(byHash.get(f.hash) ?? [f.id]))
    groups.set(root(i), g)
  })
  const near = [...groups.values()]
    .filter((g) => g.drawings > 1)
    .map((g) => g.ids.sort((a, b) => order.get(a)! - order.get(b)!))
  return { exact, near }
}
