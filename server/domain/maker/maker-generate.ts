// AI generation: refused up front when not configured (503); the credits of every variant asked
// for are reserved atomically before the AI is asked (403 and no upstream call when they cannot
// be), and what was not delivered is given back: all of it on a timeout (504), an upstream
// failure or no usable SVG (502), the undelivered variants' share otherwise.
import { appMessages } from '../../../common/messages.ts'
import { MAKER_COSTS, type MakerGenerateResult } from '../../../common/schemas/maker.ts'
import { aiConfigOf } from '../../ai/chat-client.ts'
import { generateVariants } from '../../ai/generate.ts'
import type { Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import { consumeCredits, creditMonth, refundCredits } from '../plans/credits.ts'
import { creditScopeOf } from './maker-scope.ts'

export async function generateIcons(
  deps: Deps,
  actor: Actor,
  scope: Scope,
  input: { prompt: string; variants: number },
  abort?: AbortSignal,
): Promise<MakerGenerateResult> {
  const ai = aiConfigOf(deps.config.ai)
  if (!ai) throw new ApiError(503, appMessages.aiNotConfigured, undefined, 'not_configured')
  const credits = creditScopeOf(scope, actor)
  const now = new Date()
  const month = creditMonth(now)
  const reserved = input.variants * MAKER_COSTS.generateVariant
  await consumeCredits(deps.db, credits, reserved, now)
  let svgs: string[]
  try {
    // The answers go through the SVG worker pool in the caller's lane (busy: 429/503, refunded).
    const pipeline = (raw: string, idPrefix: string) => deps.svg.process(raw, { idPrefix }, actor.id)
    svgs = await generateVariants(ai, input.prompt, input.variants, pipeline, abort)
  } catch (error) {
    await refundCredits(deps.db, credits, reserved, month)
    throw error
  }
  const undelivered = reserved - svgs.length * MAKER_COSTS.generateVariant
  const after = await refundCredits(deps.db, credits, undelivered, month)
  return { variants: svgs.map((svg) => ({ svg })), credits: after }
}
