// Paid maker actions that run in the browser (tracing): the credits are taken here, once,
// before the work starts; a refusal (403) says why and takes nothing.
import { MAKER_COSTS } from '../../../common/schemas/maker.ts'
import type { Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { consumeCredits } from '../plans/credits.ts'
import { creditScopeOf } from './maker-scope.ts'

export type ChargeAction = 'trace'

const COST: Record<ChargeAction, number> = { trace: MAKER_COSTS.trace }

export function chargeMakerAction({ db }: Deps, actor: Actor, scope: Scope, action: ChargeAction) {
  return consumeCredits(db, creditScopeOf(scope, actor), COST[action])
}
