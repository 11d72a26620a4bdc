// What the save control says before the server is asked (docs/product.md §Roles): the open project's role must
// allow adding icons ('You are not authorized for this action', the control disabled); in personal
// mode, or with no project at all, the user's own plan must allow saving (the plan's message comes
// before 'No current project selected'). A refusal carries its code (common/error-codes.ts): the
// control is disabled by the code, never by comparing the message's words.
import type { ErrorCode } from '@common/error-codes.ts'
import { messages } from '@common/messages.ts'
import { can, type Role } from '@common/permissions.ts'
import { saveIconsRefusal } from '@common/plans.ts'
import type { Plan } from '../../../lib/me.ts'

export interface SaveScope {
  /** The workspace role where the target project lives; null for a personal project. */
  role: Role | null
}

/** A refusal known up front: its code (as the server would answer it) and its message. */
export interface SaveBlock {
  code: Extract<ErrorCode, 'not_authorized' | 'plan_required'>
  message: string
}

/** Why saving into `target` (undefined: no project chosen) is refused, known without asking the server. */
export function saveBlockedReason(
  plan: Plan | null | undefined,
  target: SaveScope | undefined,
): SaveBlock | null {
  if (target?.role && !can(target.role, 'icon:create')) {
    return { code: 'not_authorized', message: messages.notAuthorized }
  }
  if (target?.role) return null
  const refusal = saveIconsRefusal({ userPlan: plan })
  return refusal ? { code: 'plan_required', message: refusal } : null
}

/** True when the refusal forbids the action itself (a role), not just the plan: the control is disabled. */
export const disablesSave = (reason: SaveBlock | null) => reason?.code === 'not_authorized'
