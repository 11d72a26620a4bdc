// The one create path: many icons at once (POST /api/icons/create-many, a drop of files), and one
// (POST /api/icons/create) as the batch of one, so both share one idempotency rule (repeatOf) and
// one SVG-error rule (the pipeline's refusal is a 400 with its message). What the icons of a
// request share refuses the whole request, exactly as /create would answer for them: the project
// visible (404), the role (403), the workspace agreeing with the project (400), the plan (403).
// What belongs to one icon refuses that icon alone, in its result: its fields (400), its SVG (400,
// the pipeline's message), an id already used elsewhere (409 `id_taken`), a name that is
// another icon's alias (409 `name_taken`). A storage quota passed refuses the
// whole request (403 naming the limit, quotas.ts). Accepted icons go through the same
// SVG worker pool and are stored with one INSERT, announced in a few notes in the same transaction.
// docs/decisions/0401-batched-icon-sync.md, 0010-one-create-path.md
import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { iconIdPrefix } from '../../../common/icon-rules.ts'
import { appMessages } from '../../../common/messages.ts'
import { type CreateIconsResult, createIconBody } from '../../../common/schemas/icons.ts'
import type { IconChange, IconRow } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import { processMany } from '../../svg-pool/process-many.ts'
import type { Actor, Deps } from '../deps.ts'
import { type DuplicateFlags, flagCreated, measureMany } from '../duplicates/duplicates.ts'
import { indexCreated, indexedColumns } from '../duplicates/near-index.ts'
import type { NearIcon } from '../duplicates/near-lookup.ts'
import { ApiError, badRequest } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { iconNotes } from '../sync/change-notes.ts'
import { scopeKey } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import {
  type Clash,
  clashesUnderLock,
  firstFreeTimes,
  ID_TAKEN,
  INVALID,
  type Refusal,
} from './create-under-lock.ts'
import { forgetOrphanHistory } from './history-cleanup.ts'
import { createTarget, type IconRecord, iconColumnsButSvg, newIconRow, served } from './icons.ts'
import { batchedWrites } from './insert-batches.ts'

type Body = z.output<typeof createIconBody>
type Target = Awaited<ReturnType<typeof createTarget>>
type NewIcon = typeof icons.$inferInsert

const idOf = (raw: unknown): string | null =>
  raw && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string' ? raw.id : null

const refused = (id: string | null, why: Refusal, error: string): CreateIconsResult => ({ id, ...why, error })

/**
 * One icon (POST /api/icons/create): the batch of one, its refusal thrown as the error it is; the
 * row with what it repeats (duplicates.ts).
 */
export async function createIcon(
  deps: Deps,
  actor: Actor,
  body: Body,
): Promise<{ data: IconRow } & DuplicateFlags> {
  const [result] = await createIcons(deps, actor, [body])
  if (!result || 'error' in result)
    throw new ApiError(result?.status ?? 400, result?.error ?? 'Invalid input', undefined, result?.code)
  const { data, duplicate_of = null, near_duplicate_of = null } = result
  return { data, duplicate_of, near_duplicate_of }
}

/**
 * Creates the icons; one result per item, in the order given. Idempotent on each id. `sessionId`:
 * the caller's session, whose own live streams are not told (it has the answer).
 */
export async function createIcons(
  deps: Deps,
  actor: Actor,
  items: unknown[],
  sessionId?: string,
): Promise<CreateIconsResult[]> {
  const results: CreateIconsResult[] = new Array(items.length)
  const valid: { index: number; body: Body }[] = []
  items.forEach((raw, index) => {
    const parsed = createIconBody.safeParse(raw)
    if (parsed.success) valid.push({ index, body: parsed.data })
    else results[index] = refused(idOf(raw), INVALID, parsed.error.issues[0]?.message ?? 'Invalid input')
  })
  const targets = await sharedChecks(deps, actor, valid)
  const existing = await rowsById(deps, [...new Set(valid.map((v) => v.body.id))])
  const first = new Map<string, { index: number; body: Body }>()
  const todo: { index: number; body: Body }[] = []
  for (const item of valid) {
    const { index, body } = item
    if (first.has(body.id)) continue
    first.set(body.id, item)
    const known = existing.get(body.id)
    if (known) results[index] = repeatOf(known, body, actor)
    else todo.push(item)
  }
  // A scope already full refuses before the pipeline runs (each icon at least a byte; the real
  // bytes are checked once the pipeline has made them: quotas.ts).
  const room = (list: { body: Body }[]) =>
    list.map(({ body }) => ({ target: targets.get(body.project_id)!, bytes: 1 }))
  await assertRoom(deps.db, deps.config, room(todo))
  // The pipeline runs in the worker pool, a few icons at a time in the caller's lane, so single
  // creates (this user's and others') are served in between; the pool busy refuses the request.
  const svgs = await processMany(
    deps.svg,
    todo.map(({ body }) => ({ input: body.svg, idPrefix: iconIdPrefix(body.id) })),
    actor.id,
  )
  const fresh: { index: number; body: Body; svg: string }[] = []
  todo.forEach(({ index, body }, at) => {
    const svg = svgs[at]!
    if (typeof svg === 'string') fresh.push({ index, body, svg })
    else results[index] = refused(body.id, INVALID, svg.message)
  })
  // Each drawing's hash and fingerprint (the duplicate check, ADR 0109), made in the pool too.
  const measured = await measureMany(
    deps,
    fresh.map((f) => f.svg),
    actor.id,
  )
  const measures = new Map(fresh.map(({ body }, at) => [body.id, measured[at] ?? null]))
  const empty: Inserted = { created: new Map(), clashes: new Map(), found: new Map() }
  const { created, clashes, found } = !fresh.length
    ? empty
    : await batcherOf(deps).write({
        key: [...new Set([...targets.values()].map(scopeOfTarget))].sort().join(' '),
        ids: fresh.map(({ body }) => body.id),
        actor,
        fresh,
        measures,
        targets,
        sessionId,
      })
  // An id taken meanwhile (a concurrent repeat): the same rule as a repeat found before.
  const raced = await rowsById(
    deps,
    fresh.filter(({ body }) => !created.has(body.id) && !clashes.has(body.id)).map(({ body }) => body.id),
  )
  for (const { index, body } of fresh) {
    const row = created.get(body.id)
    const known = raced.get(body.id)
    const clash = clashes.get(body.id)
    results[index] = row
      ? { id: body.id, data: served(row) }
      : clash
        ? refused(body.id, clash.why, clash.message)
        : known
          ? repeatOf(known, body, actor)
          : refused(body.id, ID_TAKEN, appMessages.idTaken)
  }
  // An id given twice: the later one repeats the first (same project) or is a conflict.
  for (const { index, body } of valid) {
    const earlier = first.get(body.id)!
    if (earlier.index === index) continue
    results[index] =
      earlier.body.project_id === body.project_id
        ? results[earlier.index]!
        : refused(body.id, ID_TAKEN, appMessages.idTaken)
  }
  return flagCreated(deps, results, measures, found)
}

/**
 * One drawing through the create pipeline (the SVG worker pool, in the caller's lane): its stored
 * markup, or the pipeline's refusal as a 400 with its message, as /create answers it. A replace of
 * an icon's drawing (icon-history.ts) goes through here.
 */
export async function processDrawing(
  deps: Deps,
  actor: Actor,
  iconId: string,
  input: string,
): Promise<string> {
  const [svg] = await processMany(deps.svg, [{ input, idPrefix: iconIdPrefix(iconId) }], actor.id)
  if (typeof svg !== 'string') throw badRequest(svg?.message ?? 'Invalid input')
  return svg
}

/** The checks of every project the icons go to (once each); throws what /create would answer. */
async function sharedChecks(deps: Deps, actor: Actor, valid: { body: Body }[]) {
  const targets = new Map<string, Target>()
  for (const { body } of valid) {
    const target = targets.get(body.project_id)
    if (!target)
      targets.set(body.project_id, await createTarget(deps, actor, body.project_id, body.workspace_id))
    else if (body.workspace_id !== target.project.workspace_id)
      throw badRequest(appMessages.iconWorkspaceMismatch)
  }
  return targets
}

async function rowsById(deps: Deps, ids: string[]): Promise<Map<string, IconRecord>> {
  if (!ids.length) return new Map()
  const rows = await deps.db.select().from(icons).where(inArray(icons.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}

/** A create repeated (same project, same user) answers the stored icon; any other use of the id is a conflict. */
const repeatOf = (known: IconRecord, body: Body, actor: Actor): CreateIconsResult =>
  known.project_id === body.project_id && known.user_id === actor.id
    ? { id: body.id, data: served(known) }
    : refused(body.id, ID_TAKEN, appMessages.idTaken)

/** One create's icons to insert (`key`: its scopes; `ids`: its icons), for insert-batches.ts. */
type InsertPart = {
  key: string
  ids: string[]
  actor: Actor
  fresh: { body: Body; svg: string }[]
  measures: Map<string, DrawingMeasure | null>
  targets: Map<string, Target>
  sessionId: string | undefined
}
type Inserted = {
  created: Map<string, IconRecord>
  clashes: Map<string, Clash>
  found: Map<string, NearIcon[]>
}

const scopeOfTarget = ({ project }: Target) => scopeKey(project.workspace_id, project.user_id)

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
    const clashes = await clashesUnderLock(tx, fresh)
    for (const [id, clash] of clashes) out[partOf.get(id)!]!.clashes.set(id, clash)
    const storing = fresh.filter(({ body }) => !clashes.has(body.id))
    if (!storing.length) return
    // Read under the scopes' locks: a drop that committed just before is seen whole, so this one
    // comes after its last icon.
    const next = await firstFreeTimes(tx, [...new Set(storing.map((f) => f.body.project_id))])
    // History no icon is left for is nobody's: the id is a new icon's, with its own history only.
    await forgetOrphanHistory(
      tx,
      storing.map(({ body }) => body.id),
    )
    // The storage quota, once the scopes' versions order their writers (403 naming the limit).
    const adding = storing.map(({ body, svg }) => ({
      target: targetOf(body.id, body.project_id),
      bytes: Buffer.byteLength(svg),
    }))
    await assertRoom(tx, deps.config, adding)
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
    const inserted = await tx.insert(icons).values(values).onConflictDoNothing().returning(iconColumnsButSvg)
    const rows: IconRecord[] = inserted.map((row) => ({ ...row, svg: svgOf.get(row.id)! }))
    // Their place in the duplicate index, in this transaction; the near icons found make their flags.
    for (const [id, near] of await indexNew(tx, rows, measureOf)) out[partOf.get(id)!]!.found.set(id, near)
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

/** New icons' prints and near links (near-index.ts), project by project; their near icons by id. */
async function indexNew(tx: Tx, rows: IconRecord[], measureOf: (id: string) => DrawingMeasure | null) {
  const found = new Map<string, NearIcon[]>()
  for (const projectId of new Set(rows.map((r) => r.project_id))) {
    const measured = rows.flatMap((r) => {
      const m = measureOf(r.id)
      // Every icon stored marked indexed (indexedColumns: a drawing hash) gets its print, as indexRows gives.
      return r.project_id === projectId && m?.drawing_hash
        ? [{ id: r.id, drawing_hash: m.drawing_hash, fingerprint: m.fingerprint }]
        : []
    })
    for (const [id, near] of await indexCreated(tx, projectId, measured)) found.set(id, near)
  }
  return found
}
