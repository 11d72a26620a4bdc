// The review log (ADR 0112): every approve or reject decision on an icon, with who took it and on
// which revision. No foreign key to icons, like icon_versions: the log outlives a delete (the icon
// waits in a trash) and goes with the icon's history (history-cleanup.ts, projects/trash.ts).
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ReviewRuleId } from '../../../common/schemas/review-rules.ts'
import { user } from './auth.ts'

export const iconReviews = pgTable(
  'icon_reviews',
  {
    /** Decision order: an icon's decisions are taken one at a time on its locked row. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    icon_id: uuid('icon_id').notNull(),
    /** 'approve' | 'reject' */
    decision: text('decision').notNull(),
    /** '' for an approval without one; a rejection always has one. */
    comment: text('comment').default('').notNull(),
    /** The failing rules the approver chose to override. */
    override: jsonb('override').$type<ReviewRuleId[]>().default([]).notNull(),
    /** Who decided (null once their account is gone). */
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The icon's revision once the decision was written (for an approval: its approved_revision). */
    revision: integer('revision').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('icon_reviews_icon_id_id_idx').on(t.icon_id, t.id)],
)
