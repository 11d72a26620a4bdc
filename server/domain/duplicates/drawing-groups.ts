// The pure part of duplicates.ts (ADR 0109, 0113): what each new drawing repeats, chosen among the
// icons the index found, and a project's icons grouped from its near links. Nothing here compares
// drawings: near-index.ts found the near icons. Grouping 50,000 icons and their links is a few
// hundred thousand steps, so the loop yields to the event loop every STEPS_PER_SLICE (counted, not
// timed: the tests count the yields).
import type { DuplicateGroups } from '../../../common/schemas/duplicates.ts'

/** What a check finds for one drawing: the icons it repeats, exactly or nearly (null: none). */
export type DuplicateFlags = { duplicate_of: string | null; near_duplicate_of: string | null }

/**
 * Union-find steps between two yields to the event loop: each is a few map lookups of ids, 2–3 µs
 * on these machines, so a slice is ~20–30 ms (50,000 held the loop ~150 ms at 50,000 icons).
 */
const STEPS_PER_SLICE = 10_000

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Counts steps; `due(n)` says when a slice is full (the caller then yields to the event loop). */
function slices(per: number) {
  let count = 0
  return (n: number) => {
    count += n
    if (count < per) return false
    count = 0
    return true
  }
}

/** A project's icon as the check orders them: by created_at, then id. */
export type Placed = { id: string; hash: string; created_ms: number }

/** A drawing checked: its icon's id when it is stored in this request (null when not), and hash. */
export type Checked = { id: string | null; hash: string }

/**
 * The flags of drawings checked in order (ADR 0109's contract): each against the project's icons
 * but those checked (and `skip`), oldest first, then the stored items before it in the request, so
 * the second of two equal drawings is the duplicate. `same[i]`: the icons with item i's hash;
 * `near[i]`: those near it (another hash), with their distance.
 */
export function chooseFlags(
  items: readonly (Checked | null)[],
  same: readonly Placed[][],
  near: readonly (Placed & { distance: number })[][],
  skip: ReadonlySet<string>,
): DuplicateFlags[] {
  const position = new Map<string, number>()
  items.forEach((item, at) => {
    if (item?.id) position.set(item.id, at)
  })
  // Rank: the project's icons by (created_at, id), then the request's items in their order.
  const rank = (p: Placed): [number, number, string] => {
    const at = position.get(p.id)
    return at === undefined ? [0, p.created_ms, p.id] : [1, at, '']
  }
  const before = (a: Placed, b: Placed) => {
    const [x, y] = [rank(a), rank(b)]
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0)
  }
  const allowed = (p: Placed, at: number) => !skip.has(p.id) && (position.get(p.id) ?? -1) < at
  return items.map((item, at) => {
    if (!item?.hash) return { duplicate_of: null, near_duplicate_of: null }
    let duplicate: Placed | null = null
    for (const p of same[at] ?? [])
      if (allowed(p, at) && (!duplicate || before(p, duplicate) < 0)) duplicate = p
    let nearest: (Placed & { distance: number }) | null = null
    for (const p of near[at] ?? [])
      if (
        allowed(p, at) &&
        (!nearest ||
          p.distance < nearest.distance ||
          (p.distance === nearest.distance && before(p, nearest) < 0))
      )
        nearest = p
    return { duplicate_of: duplicate?.id ?? null, near_duplicate_of: nearest?.id ?? null }
  })
}

/**
 * Icons (oldest first, `rows`) grouped by drawing: exact groups (the same hash, two or more icons),
 * then near groups: icons joined by their near links and by equal hashes, transitively, where
 * the group holds two drawings or more (each lists its icons oldest first; groups by their oldest).
 */
export async function groupFromLinks(
  rows: readonly { id: string; hash: string }[],
  links: readonly { a: string; b: string }[],
  perSlice = STEPS_PER_SLICE,
): Promise<DuplicateGroups> {
  const due = slices(perSlice)
  const at = new Map<string, number>()
  const byHash = new Map<string, number[]>()
  for (const [i, r] of rows.entries()) {
    at.set(r.id, i)
    if (!r.hash) continue
    const group = byHash.get(r.hash)
    if (group) group.push(i)
    else byHash.set(r.hash, [i])
    if (due(1)) await yieldToLoop()
  }
  const exact = [...byHash.values()].filter((g) => g.length > 1).map((g) => g.map((i) => rows[i]!.id))
  const parent = new Int32Array(rows.length).map((_, i) => i)
  const root = (i: number): number => {
    let r = i
    while (parent[r] !== r) r = parent[r]!
    for (let at = i; parent[at] !== r; ) {
      const up = parent[at]!
      parent[at] = r
      at = up
    }
    return r
  }
  const join = (x: number, y: number) => {
    const [a, b] = [root(x), root(y)]
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
  }
  const linked = new Set<number>()
  for (const { a, b } of links) {
    const [x, y] = [at.get(a), at.get(b)]
    if (x === undefined || y === undefined) continue
    join(x, y)
    linked.add(x).add(y)
    if (due(1)) await yieldToLoop()
  }
  for (const i of linked) {
    const same = byHash.get(rows[i]!.hash) ?? []
    for (const j of same) join(i, j)
    if (due(1 + same.length)) await yieldToLoop()
  }
  const roots = new Set<number>()
  for (const i of linked) {
    roots.add(root(i))
    if (due(1)) await yieldToLoop()
  }
  const groups = new Map<number, { hashes: Set<string>; members: number[] }>()
  for (let i = 0; i < rows.length; i++) {
    const r = root(i)
    if (!roots.has(r)) continue
    const g = groups.get(r) ?? { hashes: new Set<string>(), members: [] }
    g.hashes.add(rows[i]!.hash)
    g.members.push(i)
    groups.set(r, g)
    if (due(1)) await yieldToLoop()
  }
  const near = [...groups.entries()]
    .filter(([, g]) => g.hashes.size > 1)
    .sort(([a], [b]) => a - b)
    .map(([, g]) => g.members.map((i) => rows[i]!.id))
  return { exact, near }
}
