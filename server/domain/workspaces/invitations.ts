// Invitations by e-mail: invite (or update and renew the pending one), list the caller's pending
// ones, accept (creates the access row) or decline. Only the invited address may answer. An
// invitation expires after 7 days and holds only while its inviter may still invite there
// (workspace-invitations.ts, ADR 0012): accepting re-checks both.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../../common/messages.ts'
import type { InvitationRow, WorkspaceAccessRow } from '../../../common/schemas/rows.ts'
import type { inviteUserBody } from '../../../common/schemas/workspaces.ts'
import { invitations, user, workspaceAccess, workspaces } from '../../db/schema/index.ts'
import { invitationMail } from '../../emails/invitation.ts'
import type { Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { conflict, gone, notFound } from '../errors.ts'
import { toAccessRow, toInvitationRow } from '../rows.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { freshExpiry, inviterMayInvite, notExpired } from './workspace-invitations.ts'

type WorkspaceScope = Extract<Scope, { kind: 'workspace' }>
const sameEmail = (column: typeof invitations.email | typeof workspaceAccess.email, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`

export async function inviteUser(
  deps: Deps,
  actor: Actor,
  scope: WorkspaceScope,
  body: z.output<typeof inviteUserBody>,
): Promise<InvitationRow> {
  const workspace = scope.workspace
  // No scope changes (invitations are no rows of a scope); the invitee hears of it on commit.
  const invitation = await writeInScope(deps, [], async ({ tx, announce }) => {
    const [member] = await tx
      .select({ id: workspaceAccess.id })
      .from(workspaceAccess)
      .where(
        and(eq(workspaceAccess.workspace_id, workspace.id), sameEmail(workspaceAccess.email, body.email)),
      )
    if (member) throw conflict(appMessages.alreadyMember)
    const pending = and(
      eq(invitations.workspace_id, workspace.id),
      sameEmail(invitations.email, body.email),
      eq(invitations.status, 'pending'),
    )
    announce({ entity: 'invitations', op: 'changed', email: body.email })
    const [updated] = await tx
      .update(invitations)
      .set({ role: body.role, invited_by: actor.id, updated_at: new Date(), expires_at: freshExpiry() })
      .where(pending)
      .returning()
    if (updated) return updated
    const [created] = await tx
      .insert(invitations)
      .values({
        workspace_id: workspace.id,
        email: body.email,
        role: body.role,
        invited_by: actor.id,
        expires_at: freshExpiry(),
      })
      .returning()
    return created!
  })
  const mail = invitationMail({
    to: body.email,
    workspaceName: workspace.name,
    role: body.role,
    invitedBy: actor.email,
    link: `${deps.config.baseUrl}/icons`,
  })
  // The invitation stands even if the mail fails: the invitee sees it in the app.
  await deps.mailer.send(mail).catch((err) => deps.logger.error({ err }, 'invitation mail failed'))
  return toInvitationRow(invitation, workspace.name, actor.email)
}

export async function listMyInvitations({ db }: Deps, actor: Actor): Promise<InvitationRow[]> {
  const rows = await db
    .select({ invitation: invitations, workspaceName: workspaces.name, invitedBy: user.email })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspace_id))
    .leftJoin(user, eq(user.id, invitations.invited_by))
    .where(
      and(
        sameEmail(invitations.email, actor.email),
        eq(invitations.status, 'pending'),
        notExpired,
        inviterMayInvite,
      ),
    )
    .orderBy(desc(invitations.created_at))
  return rows.map((r) => toInvitationRow(r.invitation, r.workspaceName, r.invitedBy))
}

async function pendingFor(db: Deps['db'], actor: Actor, invitationId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.status, 'pending'),
        sameEmail(invitations.email, actor.email),
      ),
    )
  if (!row) throw notFound(appMessages.invitationNotFound)
  return row
}

export async function acceptInvitation(
  deps: Deps,
  actor: Actor,
  invitationId: string,
): Promise<WorkspaceAccessRow> {
  // The workspace's scope is bumped first, as by every write (one that ends up adding nobody skips
  // that version: ADR 0303 allows it); then the invitation is locked and checked again.
  const { workspace_id: workspaceId } = await pendingFor(deps.db, actor, invitationId)
  const access = await writeInScope(deps, [workspaceId], async ({ tx, version, announce }) => {
    // Locked: a revoke or a cancel waits for this answer, or this one sees theirs.
    const [found] = await tx
      .select({ inv: invitations, live: notExpired, inviterOk: inviterMayInvite })
      .from(invitations)
      .where(
        and(
          eq(invitations.id, invitationId),
          eq(invitations.status, 'pending'),
          sameEmail(invitations.email, actor.email),
        ),
      )
      .for('update')
    if (!found) throw notFound(appMessages.invitationNotFound)
    const inv = found.inv
    if (!found.live) throw gone(appMessages.invitationExpired)
    if (!found.inviterOk) {
      // Its inviter was removed or demoted meanwhile (or predates the cancels): it ends here.
      await tx
        .update(invitations)
        .set({ status: 'canceled', updated_at: new Date() })
        .where(eq(invitations.id, inv.id))
      announce({ entity: 'invitations', op: 'changed', email: actor.email })
      return null
    }
    await tx
      .update(invitations)
      .set({ status: 'accepted', updated_at: new Date() })
      .where(eq(invitations.id, inv.id))
    const [existing] = await tx
      .select()
      .from(workspaceAccess)
      .where(
        and(
          eq(workspaceAccess.workspace_id, inv.workspace_id),
          sameEmail(workspaceAccess.email, actor.email),
        ),
      )
    if (existing) {
      // Already a member (no change of the scope): their browsers are still told, as before.
      const at = { workspace_id: existing.workspace_id }
      announce(
        { entity: 'workspaces_access', op: 'upsert', id: existing.id, ...at },
        { entity: 'workspaces', op: 'upsert', id: existing.workspace_id, ...at },
      )
      return existing
    }
    // A new member: a change of the workspace's scope (ADR 0303), announced on commit.
    const [row] = await tx
      .insert(workspaceAccess)
      .values({
        workspace_id: workspaceId,
        user_id: actor.id,
        role: inv.role,
        email: actor.email,
        version: version(workspaceId),
      })
      .returning()
    await tx
      .update(workspaces)
      .set({ version: version(workspaceId) })
      .where(eq(workspaces.id, workspaceId))
    const v = { workspace_id: workspaceId, scope: workspaceId }
    announce(
      { entity: 'workspaces_access', op: 'upsert', id: row!.id, ...v },
      { entity: 'workspaces', op: 'upsert', id: workspaceId, ...v },
    )
    return row!
  })
  if (!access) throw conflict(appMessages.inviterMayNoLongerInvite)
  return toAccessRow(access)
}

export async function declineInvitation(
  deps: Deps,
  actor: Actor,
  invitationId: string,
): Promise<{ id: string }> {
  const inv = await pendingFor(deps.db, actor, invitationId)
  await writeInScope(deps, [], async ({ tx, announce }) => {
    await tx
      .update(invitations)
      .set({ status: 'declined', updated_at: new Date() })
      .where(eq(invitations.id, inv.id))
    announce({ entity: 'invitations', op: 'changed', email: actor.email })
  })
  return { id: inv.id }
}
