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
import { announcePendingInvitations } from './workspace-invitations.ts'
import { writeInScope } from './write-in-scope.ts'

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
    if (existing?.user_id !== actor.id) throw conflict(appMessages.idTaken)
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

export async function deleteWorkspace(deps: Deps, scope: WorkspaceScope): Promise<{ id: string }> {
  const id = scope.workspace.id
  // No version: the scope goes with the workspace, and its note names none.
  await writeInScope(deps, [], async (write) => {
    const { tx } = write
    const rows = await tx
      .select({ user_id: workspaceAccess.user_id })
      .from(workspaceAccess)
      .where(and(eq(workspaceAccess.workspace_id, id), isNotNull(workspaceAccess.user_id)))
    // Projects, icons, access rows, invitations and credit usage go with it (ON DELETE CASCADE);
    // so does its sync history: nobody may pull the scope any more (ADR 0303). Its invitees are
    // told, so the invitation leaves their browsers too.
    await announcePendingInvitations(write, id)
    await tx.delete(workspaces).where(eq(workspaces.id, id))
    await write.forgetScope(id)
    const audience = rows.map((r) => r.user_id!)
    write.announce({ entity: 'workspaces', op: 'delete', id, workspace_id: id, audience })
  })
  return { id }
}

/** POST /api/workspaces/access: the caller's own access rows, in every workspace. */
export async function myAccess({ db }: Deps, actor: Actor): Promise<WorkspaceAccessRow[]> {
  const rows = await db.select().from(workspaceAccess).where(eq(workspaceAccess.user_id, actor.id))
  return rows.map(toAccessRow)
}
