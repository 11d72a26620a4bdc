// What the save control says before the server is asked: the one rule of common/save-rule.ts, as
// the vault applies it (docs/product.md §Roles, §Plans). The target's role must allow adding icons
// ('You are not authorized for this action', the control disabled); then the plan that counts: the
// user's own for a personal project, or with no project at all (the plan's message comes before 'No
// current project selected'); the owner's in a workspace, known here only when the user owns it
// (otherwise the server decides). A refusal carries its code (common/error-codes.ts): the control is
// disabled by the code, never by comparing the message's words.
import { knownOwnerPlan, type SaveRefusal, saveRefusal } from '@common/save-rule.ts'
import type { Me } from '../../../lib/me.ts'
import type { LocalWorkspace } from '../../../local/db.ts'

export interface SaveScope {
  /** The workspace the target project lives in (its row carries the caller's role); null: personal. */
  workspace: LocalWorkspace | null
}

/** A refusal known up front: its code (as the server would answer it) and its message. */
export type SaveBlock = SaveRefusal

/** Why saving into `target` (undefined: no project chosen) is refused, known without asking the server. */
export function saveBlockedReason(
  me: Pick<Me, 'id' | 'plan'> | null,
  target: SaveScope | undefined,
): SaveBlock | null {
  const workspace = target?.workspace ?? null
  return saveRefusal({
    role: workspace ? workspace.role : 'personal',
    userPlan: me?.plan,
    ownerPlan: me ? knownOwnerPlan(me, workspace) : undefined,
  })
}

/** True when the refusal forbids the action itself (a role), not just the plan: the control is disabled. */
export const disablesSave = (reason: SaveBlock | null) => reason?.code === 'not_authorized'
