// The one create path: many icons at once (POST /api/icons/create-many, a drop of files), and one
// (POST /api/icons/create) as the batch of one, so both share one idempotency rule (repeatOf) and
// one SVG-error rule (the pipeline's refusal is a 400 with its message). What the icons of a
// request share refuses the whole request, exactly as /create would answer for them: the project
// visible (404), the role (403), the workspace agreeing with the project (400), the plan (403).
// What belongs to one icon refuses that icon alone, in its result: its fields (400), its SVG (400,
// the pipeline's message), an id already used elsewhere (409 `id_taken`), a name that is
// another icon's alias (409 `name_taken`). A storage quota passed refuses the
// whole request (403 naming the limit, quotas.ts). Accepted icons go through the same
// SVG worker pool and are stored with one INSERT, announced in a few notes in the same transaction
// (insert-icons.ts, which may take several waiting creates in that transaction: ADR 0420).
// docs/decisions/0401-batched-icon-sync.md, 0010-one-create-path.md
import type { z } from 'zod'
import { iconIdPrefix } from '../../../common/icon-rules.ts'
import { appMessages } from '../../../common/messages.ts'
import { type CreateIconsResult, createIconBody } from '../../../common/schemas/icons.ts'
import type { IconRow } from '../../../common/schemas/rows.ts'
import { isSvgError } from '../../../common/svg/index.ts'
import { icons } from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import { processMany } from '../../svg-pool/process-many.ts'
import type { Actor, Deps } from '../deps.ts'
import { type DuplicateFlags, flagCreated } from '../duplicates/duplicates.ts'
import { ApiError, badRequest } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { ID_TAKEN, INVALID, type Refusal } from './create-under-lock.ts'
import { drawMany } from './draw-many.ts'
import { createTarget, type IconRecord, served } from './icons.ts'
import { type Inserted, insertIcons, scopeOfTarget } from './insert-icons.ts'

type Body = z.output<typeof createIconBody>
type Target = Awaited<ReturnType<typeof createTarget>>

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
  // The ids already used are read beside the checks (one wait, not two); nothing of them is told
  // before the checks pass.
  const [targets, existing] = await Promise.all([
    sharedChecks(deps, actor, valid),
    rowsById(deps, [...new Set(valid.map((v) => v.body.id))]),
  ])
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
  // Drawn, measured and looked up against the project's stored drawings before the insert's
  // transaction and its locks (draw-many.ts, near-early.ts).
  const { processed, early } = await drawMany(
    deps,
    todo.map(({ body }) => ({
      id: body.id,
      projectId: body.project_id,
      job: { input: body.svg, idPrefix: iconIdPrefix(body.id) },
    })),
    actor.id,
  )
  const fresh: { index: number; body: Body; svg: string }[] = []
  const measures = new Map<string, DrawingMeasure | null>()
  todo.forEach(({ index, body }, at) => {
    const done = processed[at]!
    if (isSvgError(done)) results[index] = refused(body.id, INVALID, done.message)
    else {
      fresh.push({ index, body, svg: done.svg })
      measures.set(body.id, done.measure)
    }
  })
  const empty: Inserted = { created: new Map(), clashes: new Map(), found: new Map() }
  const { created, clashes, found } = !fresh.length
    ? empty
    : await insertIcons(deps, {
        key: [...new Set([...targets.values()].map(scopeOfTarget))].sort().join(' '),
        ids: fresh.map(({ body }) => body.id),
        actor,
        fresh,
        measures,
        targets,
        sessionId,
        early,
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
  const rows = await deps.db.select().from(icons).where(uuidIn(icons.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}

/** A create repeated (same project, same user) answers the stored icon; any other use of the id is a conflict. */
const repeatOf = (known: IconRecord, body: Body, actor: Actor): CreateIconsResult =>
  known.project_id === body.project_id && known.user_id === actor.id
    ? { id: body.id, data: served(known) }
    : refused(body.id, ID_TAKEN, appMessages.idTaken)
