// "May I save icons here?" once, for the server (the maker's capabilities; the create path's plan
// check) and the browser (the vault's import and move, the maker's save): the role first
// (common/permissions.ts 'icon:create'), then the plan that counts here (common/plans.ts: the
// user's own in personal mode, the workspace owner's in a workspace, docs/product.md §Plans, ADR 0202).
// The refusal carries the error code the server answers with, so callers decide by it, not by text.
import { messages } from './messages.ts'
import { type Actor, can } from './permissions.ts'
import { type Plan, saveIconsRefusal } from './plans.ts'

export type SaveHere = {
  /** The caller's role here ('personal' in their own projects); null: none (not a member). */
  role: Actor | null
  /** The caller's own plan. */
  userPlan: Plan | null | undefined
  /**
   * In a workspace, its owner's plan; undefined when not known (the browser knows it only when the
   * caller is the owner): the role is checked and the plan left to the server.
   */
  ownerPlan?: Plan | null
}

/** Why saving is refused: the role (the control is disabled) or the plan (upgrade, ask the owner). */
export type SaveRefusal = { code: 'not_authorized' | 'plan_required'; message: string }

/** Why saving icons here is refused, or null when it may go ahead. */
export function saveRefusal({ role, userPlan, ownerPlan }: SaveHere): SaveRefusal | null {
  if (!can(role, 'icon:create')) return { code: 'not_authorized', message: messages.notAuthorized }
  if (role !== 'personal' && ownerPlan === undefined) return null
  const message =
    role === 'personal'
      ? saveIconsRefusal({ userPlan })
      : saveIconsRefusal({ userPlan, workspaceOwnerPlan: ownerPlan ?? null })
  return message ? { code: 'plan_required', message } : null
}

/**
 * The owner's plan as the browser knows it: the user's own when they own the workspace, otherwise
 * unknown (undefined). `workspace` null: personal mode.
 */
export const knownOwnerPlan = (
  user: { id: string; plan: Plan },
  workspace: { user_id: string } | null,
): Plan | undefined => (workspace && workspace.user_id === user.id ? user.plan : undefined)
