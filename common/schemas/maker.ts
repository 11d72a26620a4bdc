// Request bodies, queries and answers of /api/maker/* (the maker's paid actions), and what they cost.
import { z } from 'zod'
import { appMessages } from '../messages.ts'
import type { CreditUsageInfo } from './billing.ts'
import { requiredText } from './fields.ts'

/** Credits per action: a trace costs one; a generation one per SVG variant delivered. */
export const MAKER_COSTS = { trace: 1, generateVariant: 1 } as const
export const MAX_AI_VARIANTS = 4
export const MAX_PROMPT_CHARS = 500

const workspaceId = z.uuid({ error: 'Invalid workspace id' }).optional()

export const makerCapabilitiesQuery = z.object({ workspaceId })

/** POST /api/maker/charge: pays for an action done in the browser (tracing) before it runs. */
export const makerChargeBody = z.strictObject({
  action: z.literal('trace', { error: appMessages.makerActionUnknown }),
  workspaceId,
})

/** POST /api/maker/generate: SVG variants from a text prompt. */
export const makerGenerateBody = z.strictObject({
  prompt: requiredText(appMessages.makerPromptRequired, MAX_PROMPT_CHARS),
  workspaceId,
  variants: z
    .number({ error: appMessages.makerVariantsInvalid })
    .int({ error: appMessages.makerVariantsInvalid })
    .min(1, { error: appMessages.makerVariantsInvalid })
    .max(MAX_AI_VARIANTS, { error: appMessages.makerVariantsInvalid })
    .default(1),
})

/** GET /api/maker/capabilities: what the maker may do here. */
export type MakerCapabilities = {
  ai: {
    configured: boolean
    model: string | null
  }
  costs: typeof MAKER_COSTS
  maxVariants: number
  /** Saving to the vault in this scope (personal, or the workspace asked for): null when allowed. */
  saveRefusal: string | null
}

/** POST /api/maker/generate answers { data: MakerGenerateResult }. */
export type MakerGenerateResult = {
  /** Each variant already through the SVG pipeline (sanitised, normalised, optimised). */
  variants: { svg: string }[]
  credits: CreditUsageInfo
}
