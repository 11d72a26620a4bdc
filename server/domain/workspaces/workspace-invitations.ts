// A workspace's pending invitations as its admins see them (list, revoke), and the rules that end
// them: an invitation lives 7 days (inviting again renews it) and only while its inviter may still
// invite there; one whose inviter is removed, demoted or deleted is canceled (ADR 0012). Every
// cancel tells the invitee's browsers (`invitations changed`), inside the writing transaction.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import { can, ROLES } from '../../../common/permissions.ts'
import type { InvitationRow } from '../../../common/schemas/rows.ts'
import { invitations, user, workspaceAccess } from '../../db/schema/index.ts'
import type { Scope } from '../access.ts'
import type { Deps } from '../deps.ts'
import { notFound } from '../errors.ts'
import { toInvitationRow } from '../rows.ts'
import { type ScopeWrite, writeInScope } from '../sync/write-in-scope.ts'

type WorkspaceScope = Extract<Scope, { kind: 'workspace' }>

/** How long an invitation may be accepted after it was (last) sent. */
const INVITATION_DAYS = 7
/** The expiry of an invitation sent now (the database's clock, as every comparison uses). */
export const freshExpiry = () => sql`now() + make_interval(days => ${INVITATION_DAYS})`
/** The invitation may still be accepted as far as time goes. */
export const notExpired = sql`${invitations.expires_at} > now()`

/** The roles that may invite, from the one permission table. */
const INVITING_ROLES = ROLES.filter((role) => can(role, 'workspace:invite'))

/** Its inviter is still in the workspace with a role that may invite. */
export const inviterMayInvite = sql`exists (
  select 1 from ${workspaceAccess}
  where ${workspaceAccess.workspace_id} = ${invitations.workspace_id}
    and ${workspaceAccess.user_id} = ${invitations.invited_by}
    and ${inArray(workspaceAccess.role, INVITING_ROLES)}
)`

const pending = eq(invitations.status, 'pending')

/** GET /api/workspaces/pending-invitations: the workspace's pending invitations, oldest first. */
export async function listWorkspaceInvitations(
  { db }: Deps,
  scope: WorkspaceScope,
): Promise<InvitationRow[]> {
  const rows = await db
    .select({ invitation: invitations, invitedBy: user.email })
    .from(invitations)
    .leftJoin(user, eq(user.id, invitations.invited_by))
    .where(and(eq(invitations.workspace_id, scope.workspace.id), pending))
    .orderBy(asc(invitations.created_at), asc(invitations.id))
  return rows.map((r) => toInvitationRow(r.invitation, scope.workspace.name, r.invitedBy))
}

/** POST /api/workspaces/revoke-invitation: cancels one pending invitation of the workspace. */
export async function revokeInvitation(
  deps: Deps,
  scope: WorkspaceScope,
  invitationId: string,
): Promise<{ id: string }> {
  // No scope changes: invitations are no rows of a scope; the invitee is told.
  await writeInScope(deps, [], async ({ tx, announce }) => {
    const [row] = await tx
      .update(invitations)
      .set({ status: 'canceled', updated_at: new Date() })
      .where(and(eq(invitations.id, invitationId), eq(invitations.workspace_id, scope.workspace.id), pending))
      .returning({ email: invitations.email })
    if (!row) throw notFound(appMessages.invitationNotFound)
    announce({ entity: 'invitations', op: 'changed', email: row.email })
  })
  return { id: invitationId }
}

/**
 * Cancels the pending invitations `userId` sent in the workspace (they were removed, demoted to a
 * role that may not invite, or are deleting their account), inside write `w`; their invitees are told.
 */
export async function cancelInvitationsBy(
  { tx, announce }: ScopeWrite,
  workspaceId: string,
  userId: string,
): Promise<number> {
  const canceled = await tx
    .update(invitations)
    .set({ status: 'canceled', updated_at: new Date() })
    .where(and(eq(invitations.workspace_id, workspaceId), eq(invitations.invited_by, userId), pending))
    .returning({ email: invitations.email })
  for (const email of new Set(canceled.map((r) => r.email.toLowerCase())))
    announce({ entity: 'invitations', op: 'changed', email })
  return canceled.length
}

/** Tells the invitees of a workspace's pending invitations that they changed (it is being deleted). */
export async function announcePendingInvitations(
  { tx, announce }: ScopeWrite,
  workspaceId: string,
): Promise<void> {
  const rows = await tx
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.workspace_id, workspaceId), pending))
  for (const email of new Set(rows.map((r) => r.email.toLowerCase())))
    announce({ entity: 'invitations', op: 'changed', email })
}
