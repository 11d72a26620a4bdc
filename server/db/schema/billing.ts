// Subscriptions (one current row per user), local checkout sessions, processed provider
// events, and the monthly credit ledger.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
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
  /** 'active' | 'canceled' (still paid until current_period_end) | 'ended' (the user is free again) */
  status: text('status').notNull(),
  provider: text('provider').notNull(),
  provider_customer_id: text('provider_customer_id'),
  provider_subscription_id: text('provider_subscription_id').unique(),
  current_period_end: timestamp('current_period_end', { withTimezone: true }),
  cancel_at_period_end: boolean('cancel_at_period_end').default(false).notNull(),
  /** Creation time of the newest provider event applied; older events arriving late are skipped. */
  last_event_at: timestamp('last_event_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
})

/** Checkout sessions of the local (test-mode) provider: opened by upgrade, completed by "Pay". */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'pro' | 'gold' */
    plan: text('plan').notNull(),
    success_url: text('success_url').notNull(),
    cancel_url: text('cancel_url').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('checkout_sessions_user_id_idx').on(t.user_id)],
)

/** Provider webhook events already applied (by the provider's event id): a replay changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
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
