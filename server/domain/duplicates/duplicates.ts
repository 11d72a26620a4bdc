// Duplicates within a project (ADR 0109): an icon whose normalised drawing equals another's
// (drawing_hash) is a duplicate of it; one whose fingerprint is within NEAR_DUPLICATE_BITS of
// another's, drawn differently, a near-duplicate. Hashes and fingerprints are made in the SVG pool's
// workers (fingerprint.ts) whenever a drawing is written. Both are answered through indexes
// (ADR 0113): equal hashes by icons (project_id, drawing_hash), near drawings by the project's
// duplicate index (near-index.ts, brought up to date first: rows stored before it, undeleted or
// moved are indexed then). Which of the found icons each drawing names: drawing-groups.ts.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { readFingerprint } from '../../../common/duplicates.ts'
import { iconIdPrefix } from '../../../common/icon-rules.ts'
import type {
  checkDuplicatesBody,
  DuplicateCheck,
  DuplicateGroups,
} from '../../../common/schemas/duplicates.ts'
import type { CreateIconsResult } from '../../../common/schemas/icons.ts'
import { iconNearLinks, icons } from '../../db/schema/index.ts'
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import { processMany } from '../../svg-pool/process-many.ts'
import type { Actor, Deps } from '../deps.ts'
import {
  type Checked,
  chooseFlags,
  type DuplicateFlags,
  groupFromLinks,
  type Placed,
} from './drawing-groups.ts'
import { measureMany } from './measure-many.ts'
import { indexProject } from './near-index.ts'
import { linkedIcons, type NearIcon, nearIcons } from './near-lookup.ts'

export type { DuplicateFlags }
export { measureMany }

const createdMs = sql<number>`(extract(epoch from ${icons.created_at}) * 1000)::float8`.mapWith(Number)

/**
 * Flags for drawings about to be (or just) stored in a project, in order: each is compared with
 * the project's icons but those of `items` (itself included) and with the items before it, so the
 * second of two equal drawings in one request is the duplicate, not the first. `exclude`: more ids
 * not to compare with (an icon whose drawing is being replaced). `stored`: the items are icons of the
 * project (just created), indexed with the project first: their near icons are read from the links
 * that indexing made, not looked up again; or, when `found` holds what their indexing found (a create
 * indexes its icons in its own transaction) and no other icon needed indexing since, taken from it.
 */
async function findDuplicates(
  deps: Pick<Deps, 'db' | 'svg'>,
  projectId: string,
  items: readonly { id: string | null; measure: DrawingMeasure | null }[],
  exclude: readonly string[] = [],
  stored = false,
  found?: ReadonlyMap<string, NearIcon[]>,
): Promise<DuplicateFlags[]> {
  if (!items.length) return []
  const checked: (Checked | null)[] = items.map(({ id, measure }) =>
    measure?.drawing_hash ? { id, hash: measure.drawing_hash } : null,
  )
  const hashes = [...new Set(checked.flatMap((c) => (c ? [c.hash] : [])))]
  const equalHashes = async () =>
    hashes.length
      ? await deps.db
          .select({ id: icons.id, hash: sql<string>`${icons.drawing_hash}`, created_ms: createdMs })
          .from(icons)
          .where(and(eq(icons.project_id, projectId), inArray(icons.drawing_hash, hashes)))
      : []
  // Equal drawings are read by their stored hashes beside the indexing (one wait, not two); read
  // again when the indexing measured icons that had no hash yet.
  const [others, first] = await Promise.all([indexProject(deps, projectId), equalHashes()])
  const equal = others ? await equalHashes() : first
  const byHash = new Map<string, Placed[]>()
  for (const p of equal) byHash.set(p.hash, [...(byHash.get(p.hash) ?? []), p])
  const asked = items.flatMap(({ id, measure }, at) => {
    const print = measure?.drawing_hash ? readFingerprint(measure.fingerprint) : null
    return print ? [{ at, id, hash: measure!.drawing_hash, print }] : []
  })
  const nearOf = !stored
    ? await deps.db.transaction((tx) => nearIcons(tx, projectId, asked))
    : found && !others && asked.every((a) => found.has(a.id ?? ''))
      ? asked.map((a) => found.get(a.id ?? '') ?? [])
      : await linkedIcons(
          deps.db,
          projectId,
          asked.map((a) => ({ ...a, id: a.id ?? '' })),
        )
  const near: (Placed & { distance: number })[][] = items.map(() => [])
  asked.forEach(({ at }, i) => {
    near[at] = nearOf[i]!.map((n) => ({
      id: n.id,
      hash: n.hash,
      created_ms: n.created_ms,
      distance: n.distance,
    }))
  })
  return chooseFlags(
    checked,
    checked.map((c) => (c ? (byHash.get(c.hash) ?? []) : [])),
    near,
    new Set(exclude),
  )
}

/**
 * The answers of a create or create-many (create-icons.ts), each stored icon's with what it repeats
 * in its project (duplicate_of, near_duplicate_of); `measures` holds the drawings measured for it.
 */
export async function flagCreated(
  deps: Deps,
  results: CreateIconsResult[],
  measures: Map<string, DrawingMeasure | null>,
  found?: ReadonlyMap<string, NearIcon[]>,
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
    const flags = await findDuplicates(deps, projectId, items, [], true, found)
    for (const [i, { id }] of items.entries()) flagsOf.set(id, flags[i]!)
  }
  results.forEach((result, at) => {
    const flags = 'error' in result ? undefined : flagsOf.get(result.id)
    if (flags) out[at] = { ...result, ...flags } as CreateIconsResult
  })
  return out
}

/**
 * A project's icons grouped by drawing: exact groups (same hash), then near groups (GET
 * /api/icons/duplicates), from the index kept up to date icon by icon (ADR 0113): what changed since
 * the last look is indexed first, then the project's rows and links are read and joined (well under
 * a second at 50,000 icons: bench/README.md), in the caller's turn of the heavy-work gate (ADR 0310).
 */
export async function duplicateGroups(
  deps: Pick<Deps, 'db' | 'svg' | 'heavy'>,
  userId: string,
  projectId: string,
): Promise<DuplicateGroups> {
  await indexProject(deps, projectId)
  return deps.heavy.run(userId, async () => {
    const rows = await deps.db
      .select({ id: icons.id, hash: sql<string>`coalesce(${icons.drawing_hash}, '')` })
      .from(icons)
      .where(eq(icons.project_id, projectId))
      .orderBy(icons.created_at, icons.id)
    const links = await deps.db
      .select({ a: iconNearLinks.icon_id, b: iconNearLinks.other_id })
      .from(iconNearLinks)
      .where(eq(iconNearLinks.project_id, projectId))
    return groupFromLinks(rows, links)
  })
}

/**
 * Drawings not stored yet, checked against a project's icons (POST /api/icons/check-duplicates):
 * each through the create pipeline in the caller's lane (its refusal is its result), then measured;
 * each answer carries the drawing's hash (null when it cannot be drawn).
 * Nothing is written but the project's missing measures and index (near-index.ts).
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
    if (typeof svg !== 'string') return { error: svg.message, code: 'invalid' }
    const i = at++
    return { ...flags[i]!, drawing_hash: measured[i]?.drawing_hash ?? null }
  })
}
