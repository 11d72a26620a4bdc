// The insert of a create (create-icons.ts), under its scopes' locks, in one transaction that may hold
// several creates of the same scopes (insert-batches.ts, ADR 0420): the clashes, the first free
// times, the quota, one INSERT, the duplicate index, the first versions and each create's notes.
import type { z } from 'zod'
import type { createIconBody } from '../../../common/schemas/icons.ts'
import type { IconChange } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { rowsAsSelect } from '../../db/rows-as-select.ts'
import { icons } from '../../db/schema/index.ts'
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import type { Actor, Deps } from '../deps.ts'
import { type EarlyNear, mergeEarly } from '../duplicates/near-early.ts'
import { indexCreated, indexedColumns } from '../duplicates/near-index.ts'
import type { NearIcon } from '../duplicates/near-lookup.ts'
import { ApiError } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { iconNotes } from '../sync/change-notes.ts'
import { scopeKey } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { type Clash, clashesUnderLock, firstFreeTimes } from './create-under-lock.ts'
import { forgetOrphanHistory } from './history-cleanup.ts'
import { type createTarget, type IconRecord, iconColumnsButSvg, newIconRow } from './icons.ts'
import { batchedWrites } from './insert-batches.ts'

type Body = z.output<typeof createIconBody>
type Target = Awaited<ReturnType<typeof createTarget>>
type NewIcon = typeof icons.$inferInsert

/** One create's icons to insert (`key`: its scopes; `ids`: its icons), for insert-batches.ts. */
export type InsertPart = {
  key: string
  ids: string[]
  actor: Actor
  fresh: { body: Body; svg: string }[]
  measures: Map<string, DrawingMeasure | null>
  targets: Map<string, Target>
  sessionId: string | undefined
  /** Per project, what a lookup before the transaction found for these icons (near-early.ts). */
  early: Map<string, EarlyNear>
}
export type Inserted = {
  created: Map<string, IconRecord>
  clashes: Map<string, Clash>
  found: Map<string, NearIcon[]>
}

export const scopeOfTarget = ({ project }: Target) => scopeKey(project.workspace_id, project.user_id)

/** Creates of the same scopes that wait are inserted together (insert-batches.ts, ADR 0420), per database. */
const batchers = new WeakMap<object, ReturnType<typeof batchedWrites<InsertPart, Inserted>>>()
const batcherOf = (deps: Deps) => {
  let batcher = batchers.get(deps.db)
  if (!batcher) {
    batcher = batchedWrites((parts: InsertPart[]) => insert(deps, parts))
    batchers.set(deps.db, batcher)
  }
  return batcher
}

/** Inserts one create's icons, alone or with others of its scopes that wait (ADR 0420). */
export const insertIcons = (deps: Deps, part: InsertPart) => batcherOf(deps).write(part)

/** Creates waiting for another write of their scopes to end (tests wait for them). */
export const insertsWaiting = (db: object) => batchers.get(db)?.waiting() ?? 0

/**
 * Inserts the new icons of one or more creates (each its own actor and session) in one statement,
 * records their first versions in one more (writeInScope) and announces each create's icons. Their
 * created_at keep the order given, a millisecond apart, after every icon already in the project
 * (the vault sorts by it); updated_at stays the database's now(). An icon whose name is an alias of
 * another icon of its project is refused alone (409: `clashes`, by id). Answers, per create, the
 * rows inserted (an id taken meanwhile is left out).
 */
async function insert(deps: Deps, parts: InsertPart[]): Promise<Inserted[]> {
  const out: Inserted[] = parts.map(() => ({ created: new Map(), clashes: new Map(), found: new Map() }))
  const fresh = parts.flatMap((part, at) => part.fresh.map((f) => ({ ...f, at })))
  if (!fresh.length) return out
  const partOf = new Map(fresh.map(({ body, at }) => [body.id, at]))
  const svgOf = new Map(fresh.map(({ body, svg }) => [body.id, svg]))
  const targetOf = (id: string, projectId: string) => parts[partOf.get(id)!]!.targets.get(projectId)!
  const measureOf = (id: string) => parts[partOf.get(id)!]!.measures.get(id) ?? null
  // One transaction: the scopes' versions, the rows stamped with them and the notes, which Postgres
  // delivers on commit or not at all (ADR 0303).
  const scopes = parts.flatMap((part) => [...part.targets.values()].map(scopeOfTarget))
  await writeInScope(deps, scopes, async ({ tx, version, announce, record }) => {
    const adding = (list: typeof fresh) =>
      list.map(({ body, svg }) => ({
        target: targetOf(body.id, body.project_id),
        bytes: Buffer.byteLength(svg),
      }))
    // Four statements sent together (answered in one round trip on Postgres, ADR 0424), all under
    // the scopes' locks: the names that clash with aliases; the first free times (a drop that
    // committed just before is seen whole, so this one comes after its last icon); the history no
    // icon is left for, which is nobody's (the id is a new icon's, with its own history only); and
    // the storage quota (403 naming the limit), once the scopes' versions order their writers.
    const [clashes, next, overQuota] = await Promise.all([
      clashesUnderLock(tx, fresh),
      firstFreeTimes(tx, [...new Set(fresh.map((f) => f.body.project_id))]),
      assertRoom(tx, deps.config, adding(fresh)).then(() => null, quotaRefusalOnly),
      forgetOrphanHistory(
        tx,
        fresh.map(({ body }) => body.id),
      ),
    ])
    for (const [id, clash] of clashes) out[partOf.get(id)!]!.clashes.set(id, clash)
    const storing = fresh.filter(({ body }) => !clashes.has(body.id))
    if (!storing.length) return
    // The quota was asked for every icon; one refused for its name may be what passed it.
    if (overQuota && storing.length === fresh.length) throw overQuota
    if (overQuota) await assertRoom(tx, deps.config, adding(storing))
    const values: NewIcon[] = storing.map(({ body, svg, at: part }) => {
      const target = targetOf(body.id, body.project_id)
      const at = next.get(body.project_id)!
      next.set(body.project_id, at + 1)
      const measure = measureOf(body.id)
      return {
        ...newIconRow(body, svg, parts[part]!.actor, target, new Date(at)),
        ...measure,
        ...indexedColumns(body.project_id, measure),
        version: version(scopeOfTarget(target)),
      }
    })
    // One parameter for all the rows (rows-as-select.ts), not 18 a row.
    const inserted = await tx
      .insert(icons)
      .select(rowsAsSelect(icons, values))
      .onConflictDoNothing()
      .returning(iconColumnsButSvg)
    const rows: IconRecord[] = inserted.map((row) => ({ ...row, svg: svgOf.get(row.id)! }))
    // Their place in the duplicate index, in this transaction; the near icons found make their flags.
    const earlyOf = (projectId: string) => earlyFor(parts, projectId)
    for (const [id, near] of await indexNew(tx, rows, measureOf, earlyOf))
      out[partOf.get(id)!]!.found.set(id, near)
    parts.forEach((part, at) => {
      const own = rows.filter((r) => partOf.get(r.id) === at)
      for (const row of own) out[at]!.created.set(row.id, row)
      // Their first versions (revision 1), in one statement for the whole batch (ADR 0015).
      record(
        part.actor.id,
        own.map((r) => ({ id: r.id, change: CREATED })),
      )
      for (const target of part.targets.values()) {
        const { project } = target
        const ids = own.filter((r) => r.project_id === project.id).map((r) => r.id)
        if (!ids.length) continue
        const v = { scope: scopeOfTarget(target) }
        announce(...iconNotes(ids, project.workspace_id, project.user_id ?? undefined, part.sessionId, v))
      }
    })
  })
  return out
}

const CREATED: IconChange = { kind: 'created', fields: [] }

/** A quota's refusal, kept to be judged once the clashes are known; any other error goes on. */
const quotaRefusalOnly = (error: unknown): ApiError => {
  if (error instanceof ApiError && error.code === 'quota_reached') return error
  throw error
}

/** The early lookups of the parts with icons in a project as one; none unless each of them made one. */
function earlyFor(parts: InsertPart[], projectId: string): EarlyNear | undefined {
  let merged: EarlyNear | undefined
  for (const part of parts) {
    if (!part.fresh.some(({ body }) => body.project_id === projectId)) continue
    const early = part.early.get(projectId)
    if (!early) return undefined
    merged = merged ? mergeEarly(merged, early) : early
  }
  return merged
}

/** New icons' prints and near links (near-index.ts), project by project; their near icons by id. */
async function indexNew(
  tx: Tx,
  rows: IconRecord[],
  measureOf: (id: string) => DrawingMeasure | null,
  earlyOf: (projectId: string) => EarlyNear | undefined,
) {
  const found = new Map<string, NearIcon[]>()
  for (const projectId of new Set(rows.map((r) => r.project_id))) {
    const measured = rows.flatMap((r) => {
      const m = measureOf(r.id)
      // Every icon stored marked indexed (indexedColumns: a drawing hash) gets its print, as indexRows gives.
      return r.project_id === projectId && m?.drawing_hash
        ? [
            {
              id: r.id,
              drawing_hash: m.drawing_hash,
              fingerprint: m.fingerprint,
              created_ms: r.created_at.getTime(),
            },
          ]
        : []
    })
    for (const [id, near] of await indexCreated(tx, projectId, measured, earlyOf(projectId)))
      found.set(id, near)
  }
  return found
}
