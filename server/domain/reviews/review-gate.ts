// What every approval shares (ADR 0112): the workspace's enabled rules checked on the drawing, the
// failing ones not overridden refusing it (409 `rules_failed`), and the log of each decision.
import { reviewMessages } from '../../../common/messages.ts'
import type { ReviewRuleId } from '../../../common/schemas/review-rules.ts'
import type { ReviewDecision } from '../../../common/schemas/reviews.ts'
import type { Tx } from '../../db/client.ts'
import { iconReviews } from '../../db/schema/index.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import { checkStored } from './rule-checks.ts'

/**
 * Throws 409 `rules_failed`, naming each failing rule with what it found, unless every rule of the
 * icon's workspace that fails on `svg` is named in `override`. Run before the write (the checks run
 * in the SVG pool); the write then makes sure it approves the drawing checked (`checkedDrawing`).
 */
export async function assertRulesPass(
  deps: Deps,
  actor: Actor,
  icon: { workspace_id: string | null; svg: string },
  override: readonly ReviewRuleId[] = [],
): Promise<void> {
  const checks = await checkStored(deps, actor, icon.workspace_id, icon.svg)
  const failing = checks.filter((check) => !check.ok && !override.includes(check.rule))
  if (failing.length) throw new ApiError(409, reviewMessages.rulesFailed(failing), undefined, 'rules_failed')
}

/** Whether the locked row still holds the drawing (and the workspace, whose rules) that were checked. */
export const checkedDrawing = (
  now: { svg: string; workspace_id: string | null },
  checked: { svg: string; workspace_id: string | null },
) => now.svg === checked.svg && now.workspace_id === checked.workspace_id

/** One decision in the review log (icon_reviews), in the write that takes it. */
export async function logReview(
  tx: Tx,
  actor: Actor,
  entry: {
    icon_id: string
    decision: ReviewDecision
    comment: string
    override: ReviewRuleId[]
    revision: number
  },
): Promise<void> {
  await tx.insert(iconReviews).values({ ...entry, user_id: actor.id })
}
