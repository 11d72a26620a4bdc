// What the signed-in user may do in a project's vault: the role of its workspace ('personal' for
// their own projects), read from the permission table; whether the workspace reviews members'
// icons; and why saving icons would be refused by the plan (common/plans.ts).
import { newIconStatus } from '@common/icon-rules.ts'
import { messages } from '@common/messages.ts'
import { can, type Role } from '@common/permissions.ts'
import { knownOwnerPlan, saveRefusal } from '@common/save-rule.ts'
import type { IconStatus } from '@common/schemas/icons.ts'
import { useWorkspace } from '../../data/workspaces.ts'
import { type Me, useMe } from '../../lib/me.ts'
import type { LocalProject, LocalWorkspace } from '../../local/db.ts'

export interface VaultAccess {
  userId: string
  role: Role | 'personal' | null
  /**
   * Whether the page knows the user and their role here yet. On a new device the vault shows with
   * the first screen's project before the sync has brought its workspace (ADR 0425): until then the
   * role is null, which is not a refusal.
   */
  known: boolean
  canCreate: boolean
  canUpdate: boolean
  canDelete: boolean
  canApprove: boolean
  /** Admins see the "Needs review" filter: the workspace reviews members' icons. */
  reviews: boolean
  /** The status the server will give an icon this user saves here. */
  newStatus: IconStatus
  /** Why saving is refused (signed out, plan), or null when it may go ahead. */
  saveRefusal(): string | null
  /**
   * The plan's refusal alone (the role may save, the plan may not), with who can change it: the
   * user (personal mode, or the workspace's owner: Upgrade) or the workspace's owner (ask them).
   */
  planBlock: { message: string; userCanUpgrade: boolean } | null
}

/**
 * Why saving into `workspace` (null: personal) is refused, as far as the browser can tell: the one
 * rule of common/save-rule.ts (the role, then the plan that counts: the user's own in personal mode,
 * the owner's in a workspace, known here only when the user is the owner; otherwise the server decides).
 */
export function planRefusal(me: Me | null, workspace: LocalWorkspace | null): string | null {
  if (!me) return messages.noUserId
  return refusalHere(me, workspace)?.message ?? null
}

const refusalHere = (me: Me, workspace: LocalWorkspace | null) =>
  saveRefusal({
    role: workspace ? workspace.role : 'personal',
    userPlan: me.plan,
    ownerPlan: knownOwnerPlan(me, workspace),
  })

/** The plan's refusal here, if that is what stops saving (see VaultAccess.planBlock). */
function planBlockOf(me: Me | null, workspace: LocalWorkspace | null): VaultAccess['planBlock'] {
  const refusal = me ? refusalHere(me, workspace) : null
  if (refusal?.code !== 'plan_required') return null
  return { message: refusal.message, userCanUpgrade: !workspace || workspace.user_id === me?.id }
}

function accessFor(
  me: Me | null,
  project: LocalProject,
  workspace: LocalWorkspace | null | undefined,
): VaultAccess {
  const role = project.workspace_id === null ? 'personal' : (workspace?.role ?? null)
  const reviews = !!workspace?.review_icons
  return {
    userId: me?.id ?? '',
    role,
    known: !!me && (project.workspace_id === null || !!workspace),
    canCreate: can(role, 'icon:create'),
    canUpdate: can(role, 'icon:update'),
    canDelete: can(role, 'icon:delete'),
    canApprove: can(role, 'icon:approve'),
    reviews: reviews && can(role, 'icon:approve'),
    newStatus: newIconStatus(reviews, role),
    saveRefusal: () => planRefusal(me, workspace ?? null),
    planBlock: role === null ? null : planBlockOf(me, workspace ?? null),
  }
}

export function useVaultAccess(project: LocalProject): VaultAccess {
  const me = useMe()
  const workspace = useWorkspace(project.workspace_id)
  return accessFor(me, project, workspace)
}
