// Where a maker action spends credits: the workspace asked for (members who may create icons),
// or the caller's personal allowance. Used by requireAccess in server/routes/maker.ts.
import type { Scope } from '../access.ts'
import type { Actor } from '../deps.ts'
import type { CreditScope } from '../plans/credits.ts'

/** The credit ledger of an access scope: the workspace's, or the caller's own. */
export const creditScopeOf = (scope: Scope, actor: Actor): CreditScope =>
  scope.kind === 'workspace' ? { workspaceId: scope.workspace.id } : { userId: actor.id, plan: actor.plan }
