// What the maker may do for this caller here: AI generation configured or not (and what to set),
// the costs, and whether saving to the vault is allowed (personal plan, or the workspace owner's).

import { saveRefusal } from '../../../common/save-rule.ts'
import { MAKER_COSTS, MAX_AI_VARIANTS, type MakerCapabilities } from '../../../common/schemas/maker.ts'
import { aiConfigOf } from '../../ai/chat-client.ts'
import { roleOf, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { currentPlan } from '../plans/subscriptions.ts'

export async function makerCapabilities(deps: Deps, actor: Actor, scope: Scope): Promise<MakerCapabilities> {
  const { ai } = deps.config
  const configured = aiConfigOf(ai) !== null
  const workspaceOwnerPlan =
    scope.kind === 'workspace' ? await currentPlan(deps.db, scope.workspace.user_id) : undefined
  return {
    // Whether it is on, not how it is set up: the operator's variables are in docs/operations.md and README's Configuration only.
    ai: { configured, model: configured ? (ai.model ?? null) : null },
    costs: MAKER_COSTS,
    maxVariants: MAX_AI_VARIANTS,
    // The one rule (common/save-rule.ts): the role, then the plan that counts here.
    saveRefusal:
      saveRefusal({ role: roleOf(scope), userPlan: actor.plan, ownerPlan: workspaceOwnerPlan })?.message ??
      null,
  }
}
