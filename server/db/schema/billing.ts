// Subscriptions (one current row per user) and the monthly credit ledger.
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { workspaces } from './workspaces.ts'

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** 'pro' | 'gold' */
  plan: text('plan').notNull(),
  /** 'active' | 'canceled' */
  status: text('status').notNull(),
  provider: text('provider').notNull(),
  provider_customer_id: text('provider_customer_id'),
  provider_subscription_id: text('provider_subscription_id').unique(),
  current_period_end: timestamp('current_period_end', { withTimezone: true }),
  cancel_at_period_end: boolean('cancel_at_period_end').default(false).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
})

/** Credits consumed in one calendar month (UTC, 'YYYY-MM'), per workspace or per user in personal mode. */
export const creditUsage = pgTable(
  'credit_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    used: integer('used').default(0).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('credit_usage_workspace_month_uq')
      .on(t.workspace_id, t.month)
      .where(sql`${t.workspace_id} is not null`),
    uniqueIndex('credit_usage_user_month_uq').on(t.user_id, t.month).where(sql`${t.workspace_id} is null`),
    check('credit_usage_one_scope', sql`(${t.workspace_id} is null) <> (${t.user_id} is null)`),
    check('credit_usage_used_nonnegative', sql`${t.used} >= 0`),
  ],
)
