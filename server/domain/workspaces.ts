// Workspaces: list, create (gold only; the creator becomes owner), update, delete (with
// everything in it, in one transaction), credits limit, and the caller's access rows.
import { and, eq, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import type { Role } from '../../common/permissions.ts'
import { canCreateWorkspace } from '../../common/plans.ts'
import type { WorkspaceAccessRow, WorkspaceRow } from '../../common/schemas/rows.ts'
import type {
  createWorkspaceBody,
  updateCreditsLimitBody,
  updateWorkspaceBody,
} from '../../common/schemas/workspaces.ts'
import { workspaceAccess, workspaces } from '../db/schema/index.ts'
import type { Scope } from './access.ts'
import type { Actor, Deps } from './deps.ts'
import { conflict, forbidden } from './errors.ts'
import { toAccessRow, toWorkspaceRow } from './rows.ts'

type WorkspaceScope = Extract<Scope, { kind: 'workspace' }>

export async function listWorkspaces({ db }: Deps, actor: Actor): Promise<WorkspaceRow[]> {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceAccess.role })
    .from(workspaces)
    .innerJoin(workspaceAccess, eq(workspaceAccess.workspace_id, workspaces.id))
    .where(eq(workspaceAccess.user_id, actor.id))
    .orderBy(workspaces.name)
  return rows.map((r) => toWorkspaceRow(r.workspace, r.role as Role))
}

export async function createWorkspace(
  { db, events }: Deps,
  actor: Actor,
  body: z.output<typeof createWorkspaceBody>,
): Promise<WorkspaceRow> {
  if (!canCreateWorkspace(actor.plan)) throw forbidden(appMessages.goldRequired)
  const created = await db.transaction(async (tx) => {
    const [w] = await tx
      .insert(workspaces)
      .values({ id: body.id, name: body.name, description: body.description, user_id: actor.id })
      .onConflictDoNothing()
      .returning()
    if (!w) return null
    const [a] = await tx
      .insert(workspaceAccess)
      .values({ workspace_id: w.id, user_id: actor.id, role: 'owner', email: actor.email })
      .returning()
    return { w, a: a! }
  })
  if (!created) {
    // A repeated create (retry after a lost answer) returns what the first one made.
    const [existing] = await db.select().from(workspaces).where(eq(workspaces.id, body.id))
    if (existing?.user_id !== actor.id) throw conflict(appMessages.idTaken)
    return toWorkspaceRow(existing, 'owner')
  }
  await events.publish({ entity: 'workspaces', op: 'upsert', id: created.w.id, workspace_id: created.w.id })
  await events.publish({
    entity: 'workspaces_access',
    op: 'upsert',
    id: created.a.id,
    workspace_id: created.w.id,
  })
  return toWorkspaceRow(created.w, 'owner')
}

export async function updateWorkspace(
  { db, events }: Deps,
  scope: WorkspaceScope,
  body: z.output<typeof updateWorkspaceBody>,
): Promise<WorkspaceRow> {
  const [w] = await db
    .update(workspaces)
    .set({
      name: body.name,
      description: body.description,
      ...(body.review_icons === undefined ? {} : { review_icons: body.review_icons }),
      updated_at: new Date(),
    })
    .where(eq(workspaces.id, scope.workspace.id))
    .returning()
  await events.publish({ entity: 'workspaces', op: 'upsert', id: w!.id, workspace_id: w!.id })
  return toWorkspaceRow(w!, scope.role)
}

export async function updateCreditsLimit(
  { db, events }: Deps,
  scope: WorkspaceScope,
  body: z.output<typeof updateCreditsLimitBody>,
): Promise<WorkspaceRow> {
  const [w] = await db
    .update(workspaces)
    .set({ credits_limit: body.creditsLimit, updated_at: new Date() })
    .where(eq(workspaces.id, scope.workspace.id))
    .returning()
  await events.publish({ entity: 'workspaces', op: 'upsert', id: w!.id, workspace_id: w!.id })
  return toWorkspaceRow(w!, scope.role)
}

export async function deleteWorkspace({ db, events }: Deps, scope: WorkspaceScope): Promise<{ id: string }> {
  const id = scope.workspace.id
  const members = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ user_id: workspaceAccess.user_id })
      .from(workspaceAccess)
      .where(and(eq(workspaceAccess.workspace_id, id), isNotNull(workspaceAccess.user_id)))
    // Projects, icons, access rows, invitations and credit usage go with it (ON DELETE CASCADE).
    await tx.delete(workspaces).where(eq(workspaces.id, id))
    return rows.map((r) => r.user_id!)
  })
  await events.publish({ entity: 'workspaces', op: 'delete', id, workspace_id: id, audience: members })
  return { id }
}

/** POST /api/workspaces/access: the caller's own access rows, in every workspace. */
export async function myAccess({ db }: Deps, actor: Actor): Promise<WorkspaceAccessRow[]> {
  const rows = await db.select().from(workspaceAccess).where(eq(workspaceAccess.user_id, actor.id))
  return rows.map(toAccessRow)
}
