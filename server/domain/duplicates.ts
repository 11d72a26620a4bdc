// Duplicates within a project (issue 25, ADR 0109): an icon whose normalised drawing equals another's
// (drawing_hash) is a duplicate of it; one whose fingerprint is within NEAR_DUPLICATE_BITS of
// another's, drawn differently, a near-duplicate. Hashes and fingerprints are made in the SVG pool's
// workers (fingerprint.ts) whenever a drawing is written; rows still without them (stored before,
// or undeleted) are filled here, lazily, the first time their project is checked. They are derived
// columns nobody syncs: filling them is a plain update (no version, no note; ADR 0309). The
// comparisons themselves, in slices that keep the event loop free: drawing-groups.ts.
import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { iconIdPrefix } from '../../common/icon-rules.ts'
import type { checkDuplicatesBody, DuplicateCheck, DuplicateGroups } from '../../common/schemas/duplicates.ts'
import type { CreateIconsResult } from '../../common/schemas/icons.ts'
import { icons } from '../db/schema/index.ts'
import type { DrawingMeasure } from '../svg-pool/fingerprint.ts'
import { processMany } from '../svg-pool/process-many.ts'
import type { Actor, Deps } from './deps.ts'
import { type DuplicateFlags, flagDrawings, groupDrawings, storedDrawings } from './drawing-groups.ts'

export type { DuplicateFlags }

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
      .select({ id: icons.id, svg: icons.svg, revision: icons.revision })
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
      r: m.revision,
      h: measured[at]?.drawing_hash ?? '',
      f: measured[at]?.fingerprint ?? '',
    }))
    // Pinned to the revision measured: a drawing replaced meanwhile (a new revision, its own hash)
    // keeps its measures; a row still unmeasured after this pass is read again.
    await deps.db.execute(sql`
      update ${icons} set drawing_hash = v.h, fingerprint = v.f
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, r integer, h text, f text)
      where ${icons.id} = v.id and ${icons.revision} = v.r`)
  }
}

/**
 * Flags for drawings about to be (or just) stored in a project, in order: each is compared with
 * the project's icons but those of `items` (itself included) and with the items before it, so the
 * second of two equal drawings in one request is the duplicate, not the first. `exclude`: more ids
 * not to compare with (an icon whose drawing is being replaced).
 */
async function findDuplicates(
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
  return flagDrawings(items, await storedDrawings(rows, skip))
}

/**
 * The answers of a create or create-many (create-icons.ts), each stored icon's with what it repeats
 * in its project (duplicate_of, near_duplicate_of); `measures` holds the drawings measured for it.
 */
export async function flagCreated(
  deps: Deps,
  results: CreateIconsResult[],
  measures: Map<string, DrawingMeasure | null>,
): Promise<CreateIconsResult[]> {
  // A repeated create's drawing was measured when it was stored.
  const repeated = results.flatMap((r) => ('error' in r || measures.has(r.id) ? [] : [r.id]))
  const stored = repeated.length
    ? await deps.db
        .select({ id: icons.id, drawing_hash: icons.drawing_hash, fingerprint: icons.fingerprint })
        .from(icons)
        .where(inArray(icons.id, repeated))
    : []
  for (const r of stored)
    measures.set(
      r.id,
      r.drawing_hash ? { drawing_hash: r.drawing_hash, fingerprint: r.fingerprint ?? '' } : null,
    )
  const byProject = new Map<string, { at: number; id: string; measure: DrawingMeasure | null }[]>()
  const seen = new Set<string>()
  results.forEach((result, at) => {
    // An id given twice answers as its first (below).
    if ('error' in result || seen.has(result.id)) return
    seen.add(result.id)
    const list = byProject.get(result.data.project_id) ?? []
    list.push({ at, id: result.id, measure: measures.get(result.id) ?? null })
    byProject.set(result.data.project_id, list)
  })
  const out = [...results]
  const flagsOf = new Map<string, DuplicateFlags>()
  for (const [projectId, items] of byProject) {
    const flags = await findDuplicates(deps, projectId, items)
    for (const [i, { id }] of items.entries()) flagsOf.set(id, flags[i]!)
  }
  results.forEach((result, at) => {
    const flags = 'error' in result ? undefined : flagsOf.get(result.id)
    if (flags) out[at] = { ...result, ...flags } as CreateIconsResult
  })
  return out
}

/**
 * The groups last made per project, by a digest of the rows they were made from (ids in order and
 * their drawings: equal rows, equal groups): looking again at a project that did not change, or two
 * looks at once, compares nothing again (seconds of CPU at 10,000 icons; bench/README.md).
 */
const lastGroups = new Map<string, { digest: string; groups: Promise<DuplicateGroups> }>()
const MAX_KEPT_GROUPS = 32

/**
 * A project's icons grouped by drawing: exact groups (same hash), then near groups (GET
 * /api/icons/duplicates). Grouping anew is heavy work (seconds to minutes of comparisons, sliced):
 * it runs in the caller's turn of the heavy-work gate (ADR 0310); kept groups are answered at once.
 */
export async function duplicateGroups(
  deps: Pick<Deps, 'db' | 'svg' | 'heavy'>,
  userId: string,
  projectId: string,
): Promise<DuplicateGroups> {
  await backfillProject(deps, projectId)
  const rows = await deps.db
    .select({ id: icons.id, drawing_hash: icons.drawing_hash, fingerprint: icons.fingerprint })
    .from(icons)
    .where(eq(icons.project_id, projectId))
    .orderBy(asc(icons.created_at), asc(icons.id))
  // A fingerprint is made from the drawing, so the hash and whether there is one say all of it.
  const hash = createHash('sha256')
  for (const r of rows) hash.update(`${r.id} ${r.drawing_hash ?? ''} ${r.fingerprint ? 1 : 0}\n`)
  const digest = hash.digest('base64')
  const kept = lastGroups.get(projectId)
  if (kept?.digest === digest) return kept.groups
  const groups = deps.heavy.run(userId, () => groupDrawings(rows))
  lastGroups.delete(projectId)
  lastGroups.set(projectId, { digest, groups })
  if (lastGroups.size > MAX_KEPT_GROUPS) lastGroups.delete(lastGroups.keys().next().value!)
  groups.catch(() => {
    if (lastGroups.get(projectId)?.groups === groups) lastGroups.delete(projectId)
  })
  return groups
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
