// Duplicates within a project (issue 25, ADR 0109): an icon whose normalised drawing equals another's
// (drawing_hash) is a duplicate of it; one whose fingerprint is within NEAR_DUPLICATE_BITS of
// another's, drawn differently, a near-duplicate. Hashes and fingerprints are made in the SVG pool's
// workers (fingerprint.ts) whenever a drawing is written; rows still without them (stored before,
// or undeleted) are filled here, lazily, the first time their project is checked. They are derived
// columns nobody syncs: filling them is a plain update (no version, no note; ADR 0309).
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type Fingerprint,
  fingerprintDistance,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../common/duplicates.ts'
import { iconIdPrefix } from '../../common/icon-rules.ts'
import type { checkDuplicatesBody, DuplicateCheck, DuplicateGroups } from '../../common/schemas/duplicates.ts'
import { icons } from '../db/schema/index.ts'
import type { DrawingMeasure } from '../svg-pool/fingerprint.ts'
import { processMany } from '../svg-pool/process-many.ts'
import type { Actor, Deps } from './deps.ts'

/** What a check finds for one drawing: the icons it repeats, exactly or nearly (null: none). */
export type DuplicateFlags = { duplicate_of: string | null; near_duplicate_of: string | null }

const NO_DUPLICATE: DuplicateFlags = { duplicate_of: null, near_duplicate_of: null }

/** Stored drawings measured in the pool, a group of up to 50 at a time; null where one cannot be drawn. */
export async function measureMany(
  deps: Pick<Deps, 'svg'>,
  svgs: string[],
  lane: string,
): Promise<(DrawingMeasure | null)[]> {
  const out: (DrawingMeasure | null)[] = []
  for (let at = 0; at < svgs.length; at += 50)
    out.push(...(await deps.svg.measure(svgs.slice(at, at + 50), lane)))
  return out
}

/** Fills the hashes and fingerprints a project's icons lack (see above). */
async function backfillProject(deps: Pick<Deps, 'db' | 'svg'>, projectId: string): Promise<void> {
  for (;;) {
    const missing = await deps.db
      .select({ id: icons.id, svg: icons.svg })
      .from(icons)
      .where(and(eq(icons.project_id, projectId), or(isNull(icons.drawing_hash), isNull(icons.fingerprint))))
      .limit(200)
    if (!missing.length) return
    const measured = await measureMany(
      deps,
      missing.map((m) => m.svg),
      '',
    )
    // A drawing that cannot be drawn gets an empty fingerprint: it is measured once, and near nothing.
    const values = missing.map((m, at) => ({
      id: m.id,
      h: measured[at]?.drawing_hash ?? '',
      f: measured[at]?.fingerprint ?? '',
    }))
    await deps.db.execute(sql`
      update ${icons} set drawing_hash = v.h, fingerprint = v.f
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, h text, f text)
      where ${icons.id} = v.id`)
  }
}

type Known = { id: string; hash: string; print: Fingerprint | null }

const known = (id: string, m: DrawingMeasure): Known => ({
  id,
  hash: m.drawing_hash,
  print: readFingerprint(m.fingerprint),
})

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
 * Flags for drawings about to be (or just) stored in a project, in order: each is compared with
 * the project's icons but those of `items` (itself included) and with the items before it, so the
 * second of two equal drawings in one request is the duplicate, not the first. `exclude`: more ids
 * not to compare with (an icon whose drawing is being replaced).
 */
export async function findDuplicates(
  deps: Pick<Deps, 'db' | 'svg'>,
  projectId: string,
  items: readonly { id: string | null; measure: DrawingMeasure | null }[],
  exclude: readonly string[] = [],
): Promise<DuplicateFlags[]> {
  if (!items.length) return []
  await backfillProject(deps, projectId)
  const skip = new Set([...exclude, ...items.flatMap((i) => (i.id ? [i.id] : []))])
  const rows = await deps.db
    .select({ id: icons.id, drawing_hash: icons.drawing_hash, fingerprint: icons.fingerprint })
    .from(icons)
    .where(eq(icons.project_id, projectId))
    .orderBy(asc(icons.created_at), asc(icons.id))
  const among: Known[] = rows
    .filter((r) => !skip.has(r.id) && r.drawing_hash)
    .map((r) => known(r.id, { drawing_hash: r.drawing_hash!, fingerprint: r.fingerprint ?? '' }))
  return items.map(({ id, measure }) => {
    if (!measure) return NO_DUPLICATE
    const item = known(id ?? '', measure)
    const flags = flagsAgainst(item, among)
    if (id) among.push(item)
    return flags
  })
}

/** A project's icons grouped by drawing: exact groups (same hash), then near groups (GET /api/icons/duplicates). */
export async function duplicateGroups(
  deps: Pick<Deps, 'db' | 'svg'>,
  projectId: string,
): Promise<DuplicateGroups> {
  await backfillProject(deps, projectId)
  const rows = await deps.db
    .select({ id: icons.id, drawing_hash: icons.drawing_hash, fingerprint: icons.fingerprint })
    .from(icons)
    .where(eq(icons.project_id, projectId))
    .orderBy(asc(icons.created_at), asc(icons.id))
  const byHash = new Map<string, string[]>()
  const firsts: Known[] = []
  for (const r of rows) {
    if (!r.drawing_hash) continue
    const group = byHash.get(r.drawing_hash)
    if (group) group.push(r.id)
    else {
      byHash.set(r.drawing_hash, [r.id])
      if (r.fingerprint)
        firsts.push(known(r.id, { drawing_hash: r.drawing_hash, fingerprint: r.fingerprint }))
    }
  }
  const exact = [...byHash.values()].filter((g) => g.length > 1)
  // Near groups: drawings (one per hash) joined when near each other, transitively.
  const parent = firsts.map((_, i) => i)
  const root = (i: number): number => {
    let at = i
    while (parent[at] !== at) at = parent[at]!
    parent[i] = at
    return at
  }
  for (let i = 0; i < firsts.length; i++) {
    const a = firsts[i]!.print
    for (let j = i + 1; a && j < firsts.length; j++) {
      const b = firsts[j]!.print
      if (b && fingerprintDistance(a, b, NEAR_DUPLICATE_BITS) <= NEAR_DUPLICATE_BITS)
        parent[root(j)] = root(i)
    }
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

/**
 * Drawings not stored yet, checked against a project's icons (POST /api/icons/check-duplicates):
 * each through the create pipeline in the caller's lane (its refusal is its result), then measured;
 * each answer carries the drawing's hash (null when it cannot be drawn).
 * Nothing is written but the project's missing measures.
 */
export async function checkDuplicates(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof checkDuplicatesBody>,
): Promise<DuplicateCheck[]> {
  const prefix = iconIdPrefix(crypto.randomUUID())
  const svgs = await processMany(
    deps.svg,
    body.svgs.map((input) => ({ input, idPrefix: prefix })),
    actor.id,
  )
  const drawn = svgs.filter((s): s is string => typeof s === 'string')
  const measured = await measureMany(deps, drawn, actor.id)
  const flags = await findDuplicates(
    deps,
    body.project_id,
    measured.map((measure) => ({ id: null, measure })),
    body.exclude_id ? [body.exclude_id] : [],
  )
  // Each drawing's hash too, so a caller can tell drawings of one request or import apart (ADR 0109).
  let at = 0
  return svgs.map((svg) => {
    if (typeof svg !== 'string') return { error: svg.message }
    const i = at++
    return { ...flags[i]!, drawing_hash: measured[i]?.drawing_hash ?? null }
  })
}
