// A workspace's review rules (ADR 0110): the preset chosen and every rule's settings. A workspace
// without a row has none. Nobody syncs the table: GET /api/workspaces/review-rules reads it.
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { workspaces } from './workspaces.ts'

export const workspaceReviewRules = pgTable('workspace_review_rules', {
  workspace_id: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** 'lucide' | 'filled' | 'custom', null: no rules. */
  preset: text('preset'),
  /** Every rule with its settings (common/schemas/review-rules.ts), as ReviewRules. */
  rules: jsonb('rules').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  /** Who changed them last (null once their account is gone). */
  updated_by: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
})
