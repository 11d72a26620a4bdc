// AI generation: refused up front when not configured (503) or when the credits cannot cover
// every variant asked for (403); the credits of the variants delivered are consumed once, after
// the answers came back usable. A timeout (504) or upstream failure (502) costs nothing.
import { appMessages } from '../../common/messages.ts'
import { creditsRefusal } from '../../common/plans.ts'
import { MAKER_COSTS, type MakerGenerateResult } from '../../common/schemas/maker.ts'
import { aiConfigOf } from '../ai/chat-client.ts'
import { generateVariants } from '../ai/generate.ts'
import type { Scope } from './access.ts'
import { consumeCredits, creditUsage } from './credits.ts'
import type { Actor, Deps } from './deps.ts'
import { ApiError, forbidden } from './errors.ts'
import { creditScopeOf } from './maker-scope.ts'

export async function generateIcons(
  deps: Deps,
  actor: Actor,
  scope: Scope,
  input: { prompt: string; variants: number },
  abort?: AbortSignal,
): Promise<MakerGenerateResult> {
  const ai = aiConfigOf(deps.config.ai)
  if (!ai) throw new ApiError(503, appMessages.aiNotConfigured)
  const credits = creditScopeOf(scope, actor)
  const before = await creditUsage(deps.db, credits)
  const refusal = creditsRefusal(before.used, before.limit, input.variants * MAKER_COSTS.generateVariant)
  if (refusal) throw forbidden(refusal)
  const svgs = await generateVariants(ai, input.prompt, input.variants, abort)
  const after = await consumeCredits(deps.db, credits, svgs.length * MAKER_COSTS.generateVariant)
  return { variants: svgs.map((svg) => ({ svg })), credits: after }
}
