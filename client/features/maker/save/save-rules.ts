// What the save control says before the server is asked (docs/product.md §Roles): the open project's role must
// allow adding icons ('You are not authorized for this action', the control disabled); in personal
// mode, or with no project at all, the user's own plan must allow saving (the plan's message comes
// before 'No current project selected').
import { messages } from '@common/messages.ts'
import { can, type Role } from '@common/permissions.ts'
import { saveIconsRefusal } from '@common/plans.ts'
import type { Plan } from '../../../lib/me.ts'

export interface SaveScope {
  /** The workspace role where the target project lives; null for a personal project. */
  role: Role | null
}

/** Why saving into `target` (undefined: no project chosen) is refused, known without asking the server. */
export function saveBlockedReason(
  plan: Plan | null | undefined,
  target: SaveScope | undefined,
): string | null {
  if (target?.role && !can(target.role, 'icon:create')) return messages.notAuthorized
  if (!target?.role) return saveIconsRefusal({ userPlan: plan })
  return null
}

/** True when the reason forbids the action itself (a role), not just the plan: the control is disabled. */
export const disablesSave = (reason: string | null) => reason === messages.notAuthorized
