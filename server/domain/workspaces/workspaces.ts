// Workspaces: list, create (gold only; the creator becomes owner), update, delete (kept 30 days
// with everything in it, restorable by its owner and admins, then purged: ADR 0018), credits
// limit, and the caller's access rows.
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../../common/messages.ts'
import { can, ROLES, type Role } from '../../../common/permissions.ts'
import { canCreateWorkspace } from '../../../common/plans.ts'
import { TRASH_MS } from '../../../common/retention.ts'
import type { WorkspaceAccessRow, WorkspaceRow } from '../../../common/schemas/rows.ts'
import type {
  createWorkspaceBody,
  DeletedWorkspaceRow,
  updateCreditsLimitBody,
  updateWorkspaceBody,
} from '../../../common/schemas/workspaces.ts'
import { invitations, projects, user, workspaceAccess, workspaces } from '../../db/schema/index.ts'
import { displayNameOf, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { conflict, forbidden } from '../errors.ts'
import { toAccessRow, toWorkspaceRow } from '../rows.ts'
import { writeInScope } from '../sync/write-in-scope.ts'

type WorkspaceScope = Extract<Scope, { kind: 'workspace' }>

export async function listWorkspaces({ db }: Deps, actor: Actor): Promise<WorkspaceRow[]> {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceAccess.role })
    .from(workspaces)
    .innerJoin(workspaceAccess, eq(workspaceAccess.workspace_id, workspaces.id))
    .where(and(eq(workspaceAccess.user_id, actor.id), isNull(workspaces.deleted_at)))
    .orderBy(workspaces.name)
  return rows.map((r) => toWorkspaceRow(r.workspace, r.role as Role))
}

export async function createWorkspace(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof createWorkspaceBody>,
): Promise<WorkspaceRow> {
  if (!canCreateWorkspace(actor.plan)) throw forbidden(appMessages.goldRequired, 'plan_required')
  // An id that exists changes nothing of its workspace, its scope's version included: a repeat is
  // answered without a transaction, and one that races the first rolls its bump back.
  const created = (await existingWorkspace(deps, body.id)) ? null : await insertWorkspace(deps, actor, body)
  if (!created) {
    // A repeated create (retry after a lost answer) returns what the first one made.
    const existing = await existingWorkspace(deps, body.id)
    if (existing?.user_id !== actor.id) throw conflict(appMessages.idTaken, 'id_taken')
    return toWorkspaceRow(existing, 'owner')
  }
  return toWorkspaceRow(created, 'owner')
}

async function existingWorkspace({ db }: Deps, id: string) {
  const [existing] = await db.select().from(workspaces).where(eq(workspaces.id, id))
  return existing
}

/**
 * The new workspace and its owner's access at the scope's first version, announced; null when the id
 * exists (taken meanwhile: the bump rolls back with the rest).
 */
function insertWorkspace(deps: Deps, actor: Actor, body: z.output<typeof createWorkspaceBody>) {
  const { id, name, description } = body
  return writeInScope<typeof workspaces.$inferSelect, null>(deps, [id], async (write) => {
    const { tx, announce } = write
    const version = write.version(id)
    const [w] = await tx
      .insert(workspaces)
      .values({ id, name, description, user_id: actor.id, version })
      .onConflictDoNothing()
      .returning()
    if (!w) return write.rollBack(null)
    const [a] = await tx
      .insert(workspaceAccess)
      .values({ workspace_id: id, user_id: actor.id, role: 'owner', email: actor.email, version })
      .returning()
    announce(
      { entity: 'workspaces', op: 'upsert', id, workspace_id: id, scope: id },
      { entity: 'workspaces_access', op: 'upsert', id: a!.id, workspace_id: id, scope: id },
    )
    return w
  })
}

export async function updateWorkspace(
  deps: Deps,
  scope: WorkspaceScope,
  body: z.output<typeof updateWorkspaceBody>,
): Promise<WorkspaceRow> {
  const w = await changeWorkspace(deps, scope.workspace.id, {
    name: body.name,
    description: body.description,
    ...(body.review_icons === undefined ? {} : { review_icons: body.review_icons }),
  })
  return toWorkspaceRow(w, scope.role)
}

export async function updateCreditsLimit(
  deps: Deps,
  scope: WorkspaceScope,
  body: z.output<typeof updateCreditsLimitBody>,
): Promise<WorkspaceRow> {
  const w = await changeWorkspace(deps, scope.workspace.id, { credits_limit: body.creditsLimit })
  return toWorkspaceRow(w, scope.role)
}

/** Updates a workspace at the scope's next version and announces it, in one transaction. */
function changeWorkspace(
  deps: Deps,
  id: string,
  set: Partial<typeof workspaces.$inferInsert>,
): Promise<typeof workspaces.$inferSelect> {
  return writeInScope(deps, [id], async ({ tx, version, announce }) => {
    const [w] = await tx
      .update(workspaces)
      .set({ ...set, updated_at: new Date(), version: version(id) })
      .where(eq(workspaces.id, id))
      .returning()
    announce({ entity: 'workspaces', op: 'upsert', id, workspace_id: id, scope: id })
    return w!
  })
}

/**
 * POST /api/workspaces/delete: the workspace is kept 30 days (deleted_at, deleted_by) with its people,
 * projects and icons, and nobody may enter it (access.ts: 404, so its pulls and writes are refused
 * and its events stop). Its scope stays (a restore goes on from its counter; ADR 0018). Its pending
 * invitations are canceled; every member is told at once, and by whom.
 */
export async function deleteWorkspace(
  deps: Deps,
  actor: Actor,
  scope: WorkspaceScope,
): Promise<{ id: string }> {
  const id = scope.workspace.id
  const by = await displayNameOf(deps.db, actor)
  await writeInScope(deps, [id], async (write) => {
    const { tx } = write
    const rows = await tx
      .select({ user_id: workspaceAccess.user_id })
      .from(workspaceAccess)
      .where(and(eq(workspaceAccess.workspace_id, id), isNotNull(workspaceAccess.user_id)))
    await tx
      .update(workspaces)
      .set({ deleted_at: sql`now()`, deleted_by: actor.id, version: write.version(id) })
      .where(eq(workspaces.id, id))
    const canceled = await tx
      .update(invitations)
      .set({ status: 'canceled', updated_at: new Date() })
      .where(and(eq(invitations.workspace_id, id), eq(invitations.status, 'pending')))
      .returning({ email: invitations.email })
    for (const email of new Set(canceled.map((r) => r.email.toLowerCase())))
      write.announce({ entity: 'invitations', op: 'changed', email })
    const audience = rows.map((r) => r.user_id!)
    // Not versioned: nobody may pull the scope while it is deleted.
    write.announce({ entity: 'workspaces', op: 'delete', id, workspace_id: id, audience, by })
  })
  return { id }
}

/** The roles that may delete a workspace, and so restore it (the one permission table). */
const RESTORING_ROLES = ROLES.filter((role) => can(role, 'workspace:delete'))

/** GET /api/workspaces/deleted: workspaces deleted in the last 30 days the caller may restore. */
export async function listDeletedWorkspaces({ db }: Deps, actor: Actor): Promise<DeletedWorkspaceRow[]> {
  const projectCount = db
    .select({ workspace: projects.workspace_id, n: count().as('n') })
    .from(projects)
    .where(isNull(projects.deleted_at))
    .groupBy(projects.workspace_id)
    .as('project_count')
  const rows = await db
    .select({
      workspace: workspaces,
      by: { id: user.id, name: user.name, email: user.email },
      n: projectCount.n,
    })
    .from(workspaces)
    .innerJoin(workspaceAccess, eq(workspaceAccess.workspace_id, workspaces.id))
    .leftJoin(user, eq(user.id, workspaces.deleted_by))
    .leftJoin(projectCount, eq(projectCount.workspace, workspaces.id))
    .where(
      and(
        eq(workspaceAccess.user_id, actor.id),
        inArray(workspaceAccess.role, RESTORING_ROLES),
        gt(workspaces.deleted_at, new Date(Date.now() - TRASH_MS)),
      ),
    )
    .orderBy(desc(workspaces.deleted_at))
  return rows.map(({ workspace, by, n }) => ({
    id: workspace.id,
    name: workspace.name,
    deleted_at: workspace.deleted_at!.toISOString(),
    deleted_by: by?.id ? { id: by.id, name: by.name, email: by.email } : null,
    project_count: Number(n ?? 0),
  }))
}

/**
 * POST /api/workspaces/restore: a workspace deleted in the last 30 days comes back with its people,
 * projects and icons, at its scope's next version; its members' browsers hear it and pull it whole.
 */
export async function restoreWorkspace(deps: Deps, scope: WorkspaceScope): Promise<WorkspaceRow> {
  const id = scope.workspace.id
  const w = await writeInScope(deps, [id], async ({ tx, version, announce }) => {
    const [w] = await tx
      .update(workspaces)
      .set({ deleted_at: null, deleted_by: null, updated_at: new Date(), version: version(id) })
      .where(eq(workspaces.id, id))
      .returning()
    announce({ entity: 'workspaces', op: 'upsert', id, workspace_id: id, scope: id })
    return w!
  })
  return toWorkspaceRow(w, scope.role)
}

/** POST /api/workspaces/access: the caller's own access rows, in every workspace. */
export async function myAccess({ db }: Deps, actor: Actor): Promise<WorkspaceAccessRow[]> {
  const rows = await db.select().from(workspaceAccess).where(eq(workspaceAccess.user_id, actor.id))
  return rows.map(toAccessRow)
}
