// Request bodies of /api/workspaces/* (docs/product.md §API), with its validation messages (§Validation).
import { z } from 'zod'
import { messages } from '../messages.ts'
import { ASSIGNABLE_ROLES } from '../permissions.ts'
import type { Plan } from '../plans.ts'
import { emailAddress, optionalDescription, requiredId, requiredText } from './fields.ts'

const workspaceId = requiredId(messages.idRequired)

export const createWorkspaceBody = z.strictObject({
  id: workspaceId,
  name: requiredText(messages.nameRequired),
  description: optionalDescription,
})

export const updateWorkspaceBody = z.strictObject({
  id: workspaceId,
  name: requiredText(messages.nameRequired),
  description: optionalDescription,
  /** "Review icons from members" (docs/product.md §Review); unchanged when absent. */
  review_icons: z.boolean({ error: 'review_icons must be true or false' }).optional(),
})

export const deleteWorkspaceBody = z.strictObject({ id: workspaceId })

export const accessWorkspaceBody = z.strictObject({})

export const updateCreditsLimitBody = z.strictObject({
  id: workspaceId,
  creditsLimit: z
    .number({ error: 'Credits limit must be a number' })
    .int({ error: 'Credits limit must be a whole number' })
    .min(0, { error: 'Credits limit cannot be negative' })
    .max(1_000_000_000, { error: 'Credits limit is too large' }),
})

const role = z.enum(ASSIGNABLE_ROLES, { error: 'Role must be admin, member or viewer' })

export const inviteUserBody = z.strictObject({
  workspaceId,
  email: emailAddress,
  role: role.default('member'),
})

const invitationId = z
  .string({ error: messages.noInvitationId })
  .trim()
  .min(1, { error: messages.noInvitationId })
  .pipe(z.uuid({ error: messages.noInvitationId }))

export const invitationBody = z.strictObject({ invitationId })

/** An admin's list of a workspace's pending invitations (ADR 0012). */
export const pendingInvitationsQuery = z.strictObject({ workspaceId })

/** An admin withdraws a pending invitation of the workspace (ADR 0012). */
export const revokeInvitationBody = z.strictObject({ workspaceId, invitationId })

export const accessUsersQuery = z.strictObject({ workspaceId })

export const deleteAccessBody = z.strictObject({ workspaceId, personId: requiredId('Person ID is required') })

export const updateAccessUserBody = z.strictObject({
  workspaceId,
  personId: requiredId('Person ID is required'),
  role,
})

/** POST /api/workspaces/restore: a workspace deleted in the last 30 days comes back whole (ADR 0018). */
export const restoreWorkspaceBody = z.strictObject({ id: workspaceId })

/** A workspace in "Recently deleted": the caller may restore it (ADR 0018). */
export type DeletedWorkspaceRow = {
  id: string
  name: string
  deleted_at: string
  deleted_by: { id: string; name: string; email: string } | null
  /** Its projects (not deleted on their own), which come back with it. */
  project_count: number
}

/**
 * GET /api/workspaces/heirs: for each workspace the caller owns, what deleting their account would do
 * to it (ADR 0012, 0410): who it passes to, or `heir` null when nobody else is in it (it is deleted
 * with the account); and whether that person's plan lets members save icons there (only Gold does).
 */
export type WorkspaceHeirRow = {
  id: string
  name: string
  heir: { name: string; email: string; plan: Plan } | null
  /** Members may save icons there under the heir's plan; null when there is no heir. */
  heir_plan_saves: boolean | null
}
