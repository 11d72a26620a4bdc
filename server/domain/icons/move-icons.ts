// Moves icons to another project (POST /api/icons/move): the same rows, ids, authors and creation
// dates. Checked on both sides by the one permission table: update and delete in every source
// project, create in the target with the target's plan entitlement; the target decides the review
// status (a member moving into a reviewing workspace: needs review); icons that change scope count
// against the target's storage quota (403 naming it); the icons' markup together at most
// MAX_MOVE_MARKUP_BYTES (413: the answer carries it). A move stays in its team: into a project of the
// same workspace, or into the caller's own projects. Names the target holds already are refused
// (409 `clashes`) unless the body says rename, skip or keep both (move-name-clashes.ts).
// Decided on the rows it locks (ADR 0309): the scopes are resolved from the rows as read, the write
// opens them, locks the rows and checks everything again there; a row a teammate moved meanwhile
// makes the whole move run again (locked-icon.ts). Teammates hear of it live: the target's audience
// gets the moved rows, a source workspace the icons left gets their removal.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { MAX_MOVE_MARKUP_BYTES } from '../../../common/icon-limits.ts'
import { movedIconStatus } from '../../../common/icon-rules.ts'
import { appMessages } from '../../../common/messages.ts'
import { formatBytes } from '../../../common/plans.ts'
import type { IconStatus, moveIconsBody } from '../../../common/schemas/icons.ts'
import type { IconChangedField, IconRow } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { icons, workspaceAccess } from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'
import { assertCan, projectScope, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError, badRequest, notFound } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { iconNotes } from '../sync/change-notes.ts'
import { scopeOf } from '../sync/sync-scopes.ts'
import { type ScopeWrite, writeInScope } from '../sync/write-in-scope.ts'
import { assertNamesFree } from './icon-aliases.ts'
import { createTarget, decideStatus, ICON_NOT_FOUND, type IconRecord, served } from './icons.ts'
import { IconMoved, whileMoving } from './locked-icon.ts'
import { settleNameClashes } from './move-name-clashes.ts'

/** Moves the icons; answers them all as they are now, in the order given. Idempotent. */
export function moveIcons(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof moveIconsBody>,
  sessionId?: string,
): Promise<IconRow[]> {
  const ids = [...new Set(body.ids)]
  // An icon a teammate moved between the checks and the write: everything is decided again.
  return whileMoving(() => moveOnce(deps, actor, body, ids, sessionId))
}

/**
 * A source project of the move as the actor may act on it (read in `db`, a transaction's or not):
 * visible (else the icons' 404), update and delete (403), and in the target's team (400).
 */
async function sourceScope(db: Tx, actor: Actor, projectId: string, into: string | null): Promise<Scope> {
  let found: Awaited<ReturnType<typeof projectScope>>
  try {
    found = await projectScope(db, actor, projectId)
  } catch (error) {
    // Only "may not see the project" becomes the icons' 404; a database failure stays one.
    if (error instanceof ApiError && error.status === 404) throw notFound(ICON_NOT_FOUND)
    throw error
  }
  assertCan(found.scope, 'icon:update')
  assertCan(found.scope, 'icon:delete')
  if (into !== null && into !== found.project.workspace_id) throw badRequest(appMessages.moveLeavesTeam)
  return found.scope
}

/**
 * One attempt: the scopes resolved from the rows as read, then, in the write that opened them, the
 * rows locked and every check made again on them; IconMoved when a row left the projects read.
 */
async function moveOnce(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof moveIconsBody>,
  ids: string[],
  sessionId: string | undefined,
): Promise<IconRow[]> {
  const { project: visible } = await projectScope(deps.db, actor, body.project_id)
  const target = await createTarget(deps, actor, visible.id, visible.workspace_id)
  // The answer carries every named icon's markup: a move over the budget is refused before any
  // markup is read (octet_length needs no detoasting; ADR 0308).
  const [size] = await deps.db
    .select({ bytes: sql<number>`coalesce(sum(octet_length(${icons.svg})), 0)`.mapWith(Number) })
    .from(icons)
    .where(inArray(icons.id, ids))
  if ((size?.bytes ?? 0) > MAX_MOVE_MARKUP_BYTES)
    throw new ApiError(413, appMessages.moveTooLarge(formatBytes(MAX_MOVE_MARKUP_BYTES)))
  const rows = await deps.db.select().from(icons).where(inArray(icons.id, ids))
  if (rows.length !== ids.length) throw notFound(ICON_NOT_FOUND)
  const into = target.project.workspace_id
  const targetKey = scopeOf(target.scope)
  /** Each project's sync scope (ADR 0303): the target's, and every source's. */
  const scopeOfProject = new Map<string, string>([[target.project.id, targetKey]])
  for (const projectId of new Set(rows.map((r) => r.project_id)))
    if (projectId !== target.project.id)
      scopeOfProject.set(projectId, scopeOf(await sourceScope(deps.db, actor, projectId, into)))
  if (rows.every((r) => r.project_id === target.project.id)) return order(ids, rows)
  // The target's scope and every scope the icons leave change at once (ADR 0303).
  const scopes = new Set(scopeOfProject.values())
  const { moved, locked } = await writeInScope(deps, scopes, async (write) => {
    const { tx } = write
    // The rows as locked, in id order (two moves of the same icons queue, never deadlock): every
    // decision below is made on them, with the actor's roles read again in this transaction.
    const locked = await tx
      .select()
      .from(icons)
      .where(inArray(icons.id, ids))
      .orderBy(asc(icons.id))
      .for('update')
    if (locked.length !== ids.length) throw notFound(ICON_NOT_FOUND)
    if (locked.some((r) => !scopeOfProject.has(r.project_id))) throw new IconMoved()
    const here = await projectScope(tx, actor, target.project.id)
    assertCan(here.scope, 'icon:create')
    for (const projectId of new Set(locked.map((r) => r.project_id))) {
      if (projectId === target.project.id) continue
      const scope = await sourceScope(tx, actor, projectId, into)
      if (scopeOf(scope) !== scopeOfProject.get(projectId)) throw new IconMoved()
    }
    const at = new Map(ids.map((id, i) => [id, i]))
    const arriving = locked
      .filter((r) => r.project_id !== target.project.id)
      .sort((a, b) => at.get(a.id)! - at.get(b.id)!)
    // Names the target holds already: refused unless the body says what to do (ADR 0404).
    const { moving, renamed } = await settleNameClashes(tx, target.project, arriving, body.on_name_clash)
    const moved = await moveRows(write, deps, actor.id, target, here.scope, moving, renamed, scopeOfProject)
    const from = new Map(locked.map((r) => [r.id, r.workspace_id]))
    const notes = moved.map((r) => ({ id: r.id, from: from.get(r.id) ?? null }))
    await announce(write, actor, notes, target.project, sessionId, targetKey)
    return { moved, locked }
  })
  const byId = new Map(locked.map((r) => [r.id, r]))
  for (const r of moved) byId.set(r.id, r)
  return order(ids, [...byId.values()])
}

/**
 * The locked rows `moving` into the target (their new names from `renamed`), with the storage
 * quota, the aliases' check, the target's review status, a version each and their tombstones.
 */
async function moveRows(
  write: ScopeWrite,
  deps: Deps,
  actorId: string,
  target: Awaited<ReturnType<typeof createTarget>>,
  targetScope: Scope,
  moving: IconRecord[],
  renamed: Map<string, string>,
  scopeOfProject: Map<string, string>,
): Promise<IconRecord[]> {
  const { tx } = write
  if (!moving.length) return []
  const into = target.project.workspace_id
  const targetKey = scopeOf(targetScope)
  const left = (r: IconRecord) => scopeOfProject.get(r.project_id)!
  // Icons that change scope count against the target's storage quota (quotas.ts).
  const arriving = moving.filter((r) => left(r) !== targetKey)
  await assertRoom(
    tx,
    deps.config,
    arriving.map((r) => ({ target: { ...target, scope: targetScope }, bytes: Buffer.byteLength(r.svg) })),
  )
  // Icons carry their aliases along: no name or alias may clash in the target (409).
  await assertNamesFree(
    tx,
    target.project.id,
    moving.map((r) => ({ ...r, name: renamed.get(r.id) ?? r.name })),
  )
  const wanted = decideStatus(targetScope)
  // The rule is common/icon-rules.ts's; `undefined` here means "kept" (no column to write).
  const status = (sameTeam: boolean): IconStatus | undefined =>
    sameTeam && wanted !== 'needs-review' ? undefined : movedIconStatus(wanted, 'approved', sameTeam)
  const version = write.version(targetKey)
  // Pinned to the projects the rows were locked in: a write never lands on a row that left them.
  const sources = [...new Set(moving.map((r) => r.project_id))]
  const pinned = (group: string[]) => and(inArray(icons.id, group), inArray(icons.project_id, sources))
  if (renamed.size) {
    const names = JSON.stringify([...renamed].map(([id, name]) => ({ id, name })))
    await tx.execute(sql`
      update ${icons} set name = v.name
      from jsonb_to_recordset(${names}::jsonb) as v(id uuid, name text)
      where ${icons.id} = v.id and ${uuidIn(icons.project_id, sources)}`)
  }
  const moved: IconRecord[] = []
  // One UPDATE per kind of status change (at most two): icons keep their id, author and created_at.
  for (const sameTeam of [true, false]) {
    const group = moving.filter((r) => (r.workspace_id === into) === sameTeam).map((r) => r.id)
    if (!group.length) continue
    const next = status(sameTeam)
    moved.push(
      ...(await tx
        .update(icons)
        .set({
          project_id: target.project.id,
          workspace_id: into,
          updated_at: new Date(),
          version,
          revision: sql`${icons.revision} + 1`,
          ...(next ? { icon_status: next } : {}),
        })
        .where(pinned(group))
        .returning()),
    )
  }
  // A move is a version of each icon moved (its project; its name when renamed; its status when the
  // target changed it).
  const before = new Map(moving.map((r) => [r.id, r]))
  write.record(
    actorId,
    moved.map((r) => {
      const was = before.get(r.id)!
      const fields: IconChangedField[] = ['project']
      if (r.name !== was.name) fields.push('name')
      if (r.icon_status !== was.icon_status) fields.push('icon_status')
      return { id: r.id, change: { kind: 'moved', fields } }
    }),
  )
  // Rows that left a scope leave a tombstone there (ADR 0303).
  for (const key of new Set(moved.map((r) => left(before.get(r.id)!)))) {
    if (key === targetKey) continue
    const gone = moved.filter((r) => left(before.get(r.id)!) === key).map((r) => r.id)
    await write.tombstone(key, 'icons', gone)
  }
  return moved
}

const order = (ids: string[], rows: (typeof icons.$inferSelect)[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => (byId.get(id) ? [served(byId.get(id)!)] : []))
}

/** The moved rows to the target's audience; their removal to a source workspace they left. */
async function announce(
  { tx, announce }: ScopeWrite,
  actor: Actor,
  moved: { id: string; from: string | null }[],
  target: { workspace_id: string | null; user_id: string | null },
  sessionId: string | undefined,
  targetKey: string,
) {
  const ids = moved.map((r) => r.id)
  const v = { scope: targetKey }
  announce(...iconNotes(ids, target.workspace_id, target.user_id ?? undefined, sessionId, v))
  const left = new Set(
    moved.flatMap((r) => (r.from !== null && r.from !== target.workspace_id ? [r.from] : [])),
  )
  for (const workspaceId of left) {
    // Members of the workspace the icons left, by name (the note names no workspace, so no-one else
    // hears of it); not the mover, whom the answer and the target's note tell.
    const members = await tx
      .select({ user_id: workspaceAccess.user_id })
      .from(workspaceAccess)
      .where(eq(workspaceAccess.workspace_id, workspaceId))
    const audience = members.flatMap((m) => (m.user_id && m.user_id !== actor.id ? [m.user_id] : []))
    if (!audience.length) continue
    for (const r of moved) {
      if (r.from !== workspaceId) continue
      announce({ entity: 'icons', op: 'delete', id: r.id, workspace_id: null, audience, scope: workspaceId })
    }
  }
}
