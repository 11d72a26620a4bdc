// The people of a workspace: list them, change a role, remove someone. The owner can be
// neither removed nor given another role; a removed person's browsers are told to drop
// the workspace. Removing someone, or giving them a role that may not invite, cancels the
// invitations they sent that are still pending (ADR 0012).
import { and, eq, sql } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import { type AssignableRole, can } from '../../../common/permissions.ts'
import type { WorkspaceAccessRow } from '../../../common/schemas/rows.ts'
import { workspaceAccess, workspaces } from '../../db/schema/index.ts'
import { displayNameOf, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { forbidden, notFound } from '../errors.ts'
import { toAccessRow } from '../rows.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { cancelInvitationsBy } from './workspace-invitations.ts'

type WorkspaceScope = Extract<Scope, { kind: 'workspace' }>

export async function listAccessUsers({ db }: Deps, scope: WorkspaceScope): Promise<WorkspaceAccessRow[]> {
  const rows = await db
    .select()
    .from(workspaceAccess)
    .where(eq(workspaceAccess.workspace_id, scope.workspace.id))
    .orderBy(
      sql`case ${workspaceAccess.role} when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`,
      workspaceAccess.email,
    )
  return rows.map(toAccessRow)
}

async function person({ db }: Deps, scope: WorkspaceScope, personId: string) {
  const [row] = await db
    .select()
    .from(workspaceAccess)
    .where(and(eq(workspaceAccess.id, personId), eq(workspaceAccess.workspace_id, scope.workspace.id)))
  if (!row) throw notFound(appMessages.personNotFound)
  if (row.role === 'owner') throw forbidden(appMessages.ownerIsFixed)
  return row
}

export async function updateAccessRole(
  deps: Deps,
  scope: WorkspaceScope,
  personId: string,
  role: AssignableRole,
): Promise<WorkspaceAccessRow> {
  const target = await person(deps, scope, personId)
  const workspaceId = scope.workspace.id
  const row = await writeInScope(deps, [workspaceId], async (w) => {
    const { tx } = w
    const version = w.version(workspaceId)
    const [row] = await tx
      .update(workspaceAccess)
      .set({ role, version })
      .where(eq(workspaceAccess.id, target.id))
      .returning()
    // The person's own copy of the workspace carries their role: it changes with this version too.
    await tx.update(workspaces).set({ version }).where(eq(workspaces.id, workspaceId))
    if (target.user_id && !can(role, 'workspace:invite'))
      await cancelInvitationsBy(w, workspaceId, target.user_id)
    const v = { workspace_id: workspaceId, scope: workspaceId }
    w.announce(
      { entity: 'workspaces_access', op: 'upsert', id: row!.id, ...v },
      { entity: 'workspaces', op: 'upsert', id: workspaceId, ...v },
    )
    return row!
  })
  return toAccessRow(row)
}

export async function deleteAccess(
  deps: Deps,
  actor: Actor,
  scope: WorkspaceScope,
  personId: string,
): Promise<{ id: string }> {
  const target = await person(deps, scope, personId)
  const workspaceId = scope.workspace.id
  // The removed person is told by whom (ADR 0018).
  const by = await displayNameOf(deps.db, actor)
  await writeInScope(deps, [workspaceId], async (w) => {
    await w.tx.delete(workspaceAccess).where(eq(workspaceAccess.id, target.id))
    await w.tombstone(workspaceId, 'workspaces_access', [target.id])
    const v = { workspace_id: workspaceId, scope: workspaceId }
    w.announce({ entity: 'workspaces_access', op: 'delete', id: target.id, ...v })
    if (target.user_id) {
      await cancelInvitationsBy(w, workspaceId, target.user_id)
      const audience = [target.user_id]
      // Not versioned: the person may no longer pull this scope at all.
      w.announce({ entity: 'membership', op: 'revoked', workspace_id: workspaceId, audience, by })
    }
  })
  return { id: target.id }
}
