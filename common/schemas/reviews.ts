// The review gate (ADR 0112): the body of POST /api/icons/review, the queries of GET
// /api/icons/reviews and GET /api/workspaces/review-queue, and what the log answers.
import { z } from 'zod'
import { appMessages, messages, reviewMessages } from '../messages.ts'
import { isCleanText, requiredId } from './fields.ts'
import { REVIEW_RULE_IDS, type ReviewRuleId } from './review-rules.ts'

const REVIEW_DECISIONS = ['approve', 'reject'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

/** The longest review comment kept. */
const MAX_COMMENT = 2000

export const reviewIconBody = z
  .strictObject({
    id: requiredId(messages.iconIdRequired),
    decision: z.enum(REVIEW_DECISIONS, { error: reviewMessages.decisionInvalid }),
    comment: z
      .string({ error: reviewMessages.commentRequired })
      .trim()
      .max(MAX_COMMENT, { error: reviewMessages.commentTooLong })
      .refine((v) => isCleanText(v, { multiline: true }), { error: appMessages.controlCharacters })
      .optional(),
    /** The failing rules an approval goes ahead despite (each named on purpose). */
    override: z
      .array(z.enum(REVIEW_RULE_IDS, { error: reviewMessages.overrideInvalid }), {
        error: reviewMessages.overrideInvalid,
      })
      .max(REVIEW_RULE_IDS.length, { error: reviewMessages.overrideInvalid })
      .optional(),
  })
  // A rejection says why: the author reads it on the icon.
  .refine((body) => body.decision !== 'reject' || !!body.comment, {
    error: reviewMessages.commentRequired,
    path: ['comment'],
  })
  .meta({ id: 'ReviewIconBody' })
export type ReviewIconBody = z.output<typeof reviewIconBody>

export const iconReviewsQuery = z.strictObject({ id: requiredId(messages.iconIdRequired) })

export const reviewQueueQuery = z.strictObject({
  workspaceId: requiredId(messages.idRequired),
  project_id: z.uuid({ error: 'Invalid project id' }).optional(),
  author_id: z
    .string({ error: 'Invalid author id' })
    .min(1, { error: 'Invalid author id' })
    .max(200)
    .optional(),
})
export type ReviewQueueQuery = z.output<typeof reviewQueueQuery>

/** One decision of GET /api/icons/reviews, newest first; `user` null once their account is gone. */
export type IconReviewRow = {
  decision: ReviewDecision
  comment: string
  override: ReviewRuleId[]
  user: { id: string; name: string; email: string } | null
  /** The icon's revision once the decision was written (an approval's approved_revision). */
  revision: number
  created_at: string
}
