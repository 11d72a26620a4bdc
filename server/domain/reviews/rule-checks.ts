// A workspace's stored review rules read back, and a stored drawing checked against them in the SVG
// pool's workers (ADR 0110). Apart from review-rules.ts so that the approval gate (review-gate.ts,
// which icon writes use) needs nothing of the icon routes' code.
import { eq } from 'drizzle-orm'
import { storedRules } from '../../../common/review-rules/index.ts'
import type { ReviewPreset, ReviewRulesState, RuleCheck } from '../../../common/schemas/review-rules.ts'
import { isSvgError } from '../../../common/svg/index.ts'
import type { Db } from '../../db/client.ts'
import { workspaceReviewRules } from '../../db/schema/index.ts'
import type { Actor, Deps } from '../deps.ts'
import { badRequest } from '../errors.ts'

export const state = (row: { preset: string | null; rules: unknown } | undefined): ReviewRulesState => ({
  preset: (row?.preset ?? null) as ReviewPreset | null,
  rules: storedRules(row?.rules),
})

/** GET /api/workspaces/review-rules: the preset and every rule (all off when none were set). */
export async function readReviewRules(db: Db, workspaceId: string): Promise<ReviewRulesState> {
  const [row] = await db
    .select({ preset: workspaceReviewRules.preset, rules: workspaceReviewRules.rules })
    .from(workspaceReviewRules)
    .where(eq(workspaceReviewRules.workspace_id, workspaceId))
  return state(row)
}

/** The verdicts of a workspace's enabled rules on stored markup, in the caller's lane; [] without rules. */
export async function checkStored(
  deps: Deps,
  actor: Actor,
  workspaceId: string | null,
  svg: string,
): Promise<RuleCheck[]> {
  if (!workspaceId) return []
  const { rules } = await readReviewRules(deps.db, workspaceId)
  if (!Object.values(rules).some((rule) => rule.enabled)) return []
  try {
    const [checks] = await deps.svg.check([svg], rules, actor.id)
    return checks ?? []
  } catch (error) {
    // A drawing the checker cannot read in time (too_slow) or at all: the pipeline's 400.
    if (isSvgError(error)) throw badRequest(error.message)
    throw error
  }
}
