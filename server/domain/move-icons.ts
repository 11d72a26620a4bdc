// Moves icons to another project (POST /api/icons/move): the same rows, ids, authors and creation
// dates, in one UPDATE. Checked on both sides by the one permission table: update and delete in
// every source project, create in the target with the target's plan entitlement; the target
// decides the review status (a member moving into a reviewing workspace: needs review); icons that
// change scope count against the target's storage quota (403 naming it); the icons' markup
// together at most MAX_MOVE_MARKUP_BYTES (413: the answer carries it). A move
// stays in its team: into a project of the same workspace, or into the caller's own projects.
// Teammates hear of it live: the target's audience gets the moved rows, a source workspace the
// icons left gets their removal.
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { MAX_MOVE_MARKUP_BYTES } from '../../common/icon-limits.ts'
import { movedIconStatus } from '../../common/icon-rules.ts'
import { appMessages } from '../../common/messages.ts'
import { formatBytes } from '../../common/plans.ts'
import type { IconStatus, moveIconsBody } from '../../common/schemas/icons.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { icons, workspaceAccess } from '../db/schema/index.ts'
import { assertCan, projectScope } from './access.ts'
import { iconNotes } from './change-notes.ts'
import type { Actor, Deps } from './deps.ts'
import { ApiError, badRequest, notFound } from './errors.ts'
import { assertNamesFree } from './icon-aliases.ts'
import { createTarget, decideStatus, ICON_NOT_FOUND, served } from './icons.ts'
import { assertRoom } from './quotas.ts'
import { scopeOf } from './sync-scopes.ts'
import { type ScopeWrite, writeInScope } from './write-in-scope.ts'

/** Moves the icons; answers them all as they are now, in the order given. Idempotent. */
export async function moveIcons(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof moveIconsBody>,
  sessionId?: string,
): Promise<IconRow[]> {
  const ids = [...new Set(body.ids)]
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
  const targetKey = scopeOf(target.scope)
  /** Each source project's sync scope (ADR 0303). */
  const sourceKey = new Map<string, string>([[target.project.id, targetKey]])
  for (const projectId of new Set(rows.map((r) => r.project_id))) {
    if (projectId === target.project.id) continue
    let scope: Awaited<ReturnType<typeof projectScope>>
    try {
      scope = await projectScope(deps.db, actor, projectId)
    } catch (error) {
      // Only "may not see the project" becomes the icons' 404; a database failure stays one.
      if (error instanceof ApiError && error.status === 404) throw notFound(ICON_NOT_FOUND)
      throw error
    }
    assertCan(scope.scope, 'icon:update')
    assertCan(scope.scope, 'icon:delete')
    sourceKey.set(projectId, scopeOf(scope.scope))
    const into = target.project.workspace_id
    if (into !== null && into !== scope.project.workspace_id) throw badRequest(appMessages.moveLeavesTeam)
  }
  const moving = rows.filter((r) => r.project_id !== target.project.id)
  if (!moving.length) return order(ids, rows)
  const into = target.project.workspace_id
  const wanted = decideStatus(target.scope)
  // The rule is common/icon-rules.ts's; `undefined` here means "kept" (no column to write).
  const status = (sameTeam: boolean): IconStatus | undefined =>
    sameTeam && wanted !== 'needs-review' ? undefined : movedIconStatus(wanted, 'approved', sameTeam)
  const left = (r: (typeof rows)[number]) => sourceKey.get(r.project_id)!
  // The target's scope and every scope the icons leave change at once (ADR 0303).
  const scopes = new Set([targetKey, ...moving.map(left)])
  const moved = await writeInScope(deps, scopes, async (write) => {
    const { tx } = write
    // Icons that change scope count against the target's storage quota (quotas.ts).
    const arriving = moving.filter((r) => left(r) !== targetKey)
    await assertRoom(
      tx,
      deps.config,
      arriving.map((r) => ({ target, bytes: Buffer.byteLength(r.svg) })),
    )
    // Icons carry their aliases along: no name or alias may clash in the target (409, issue 22).
    await assertNamesFree(tx, target.project.id, moving)
    const version = write.version(targetKey)
    const moved: (typeof rows)[number][] = []
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
          .where(and(inArray(icons.id, group), ne(icons.project_id, target.project.id)))
          .returning()),
      )
    }
    // A move is a version of each icon moved (its project, and its status when the target changed it).
    const before = new Map(rows.map((r) => [r.id, r]))
    write.record(
      actor.id,
      moved.map((r) => ({
        id: r.id,
        change: {
          kind: 'moved',
          fields: r.icon_status === before.get(r.id)?.icon_status ? ['project'] : ['project', 'icon_status'],
        },
      })),
    )
    const movedIds = new Set(moved.map((r) => r.id))
    for (const key of scopes) {
      if (key === targetKey) continue
      const gone = moving.filter((r) => movedIds.has(r.id) && left(r) === key).map((r) => r.id)
      await write.tombstone(key, 'icons', gone)
    }
    const from = new Map(rows.map((r) => [r.id, r.workspace_id]))
    const notes = moved.map((r) => ({ id: r.id, from: from.get(r.id) ?? null }))
    await announce(write, actor, notes, target.project, sessionId, targetKey)
    return moved
  })
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const r of moved) byId.set(r.id, r)
  return order(ids, [...byId.values()])
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
