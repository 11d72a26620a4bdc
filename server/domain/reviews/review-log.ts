// GET /api/icons/reviews?id= (ADR 0112): an icon's review decisions, newest first, each with who took
// it. Read by whoever may read the icon (its history's scope: also while it waits in a trash).
import { desc, eq } from 'drizzle-orm'
import type { ReviewRuleId } from '../../../common/schemas/review-rules.ts'
import type { IconReviewRow, ReviewDecision } from '../../../common/schemas/reviews.ts'
import type { Db } from '../../db/client.ts'
import { iconReviews, user } from '../../db/schema/index.ts'

/** Every decision on the icon, newest first (the log's id is the order they were taken in). */
export async function iconReviewLog(db: Db, iconId: string): Promise<IconReviewRow[]> {
  const rows = await db
    .select({
      decision: iconReviews.decision,
      comment: iconReviews.comment,
      override: iconReviews.override,
      revision: iconReviews.revision,
      created_at: iconReviews.created_at,
      user_id: user.id,
      name: user.name,
      email: user.email,
    })
    .from(iconReviews)
    .leftJoin(user, eq(user.id, iconReviews.user_id))
    .where(eq(iconReviews.icon_id, iconId))
    .orderBy(desc(iconReviews.id))
  return rows.map((r) => ({
    decision: r.decision as ReviewDecision,
    comment: r.comment,
    override: r.override as ReviewRuleId[],
    user: r.user_id ? { id: r.user_id, name: r.name ?? '', email: r.email ?? '' } : null,
    revision: r.revision,
    created_at: r.created_at.toISOString(),
  }))
}
