// A user's subscription, and user.plan/status kept in step with it (docs/product.md §Subscriptions): active and canceled
// keep the plan; a canceled one lapses at current_period_end (applied lazily: settleSubscription).
import { and, eq, inArray, lte } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import {
  canRestoreSubscription,
  type PaidPlan,
  type Plan,
  type SubscriptionStatus,
} from '../../../common/plans.ts'
import type { SubscriptionInfo } from '../../../common/schemas/billing.ts'
import type { Db } from '../../db/client.ts'
import { subscriptions, user } from '../../db/schema/index.ts'
import { conflict } from '../errors.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect
/** 'ended': the paid period is over (or the provider ended it); the user is free. */
export type RowStatus = SubscriptionStatus | 'ended'
const LIVE: RowStatus[] = ['active', 'canceled']

export type SubscriptionState = {
  plan: PaidPlan
  status: RowStatus
  provider: string
  currentPeriodEnd: Date | null
  customerId?: string | null
  subscriptionId?: string | null
}

/** Writes the user's one subscription row and user.plan/status, in one transaction. */
export async function writeSubscription(db: Db, userId: string, state: SubscriptionState, eventAt?: Date) {
  const row = {
    plan: state.plan,
    status: state.status,
    provider: state.provider,
    current_period_end: state.currentPeriodEnd,
    cancel_at_period_end: state.status === 'canceled',
    updated_at: new Date(),
    ...(state.customerId !== undefined && { provider_customer_id: state.customerId }),
    ...(state.subscriptionId !== undefined && { provider_subscription_id: state.subscriptionId }),
    ...(eventAt && { last_event_at: eventAt }),
  }
  const live = state.status !== 'ended'
  await db.transaction(async (tx) => {
    await tx
      .insert(subscriptions)
      .values({ user_id: userId, ...row })
      .onConflictDoUpdate({ target: subscriptions.user_id, set: row })
    await tx
      .update(user)
      .set({ plan: live ? state.plan : 'free', status: live ? (state.status as SubscriptionStatus) : null })
      .where(eq(user.id, userId))
  })
}

/** Ends the user's canceled subscription once its period is over; returns the plan and status now. */
export async function settleSubscription(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ plan: Plan; status: SubscriptionStatus | null } | null> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(subscriptions)
      .set({ status: 'ended', cancel_at_period_end: false, updated_at: now })
      .where(
        and(
          eq(subscriptions.user_id, userId),
          eq(subscriptions.status, 'canceled'),
          lte(subscriptions.current_period_end, now),
        ),
      )
      .returning({ id: subscriptions.id })
    if (lapsed.length === 0) return null
    await tx.update(user).set({ plan: 'free', status: null }).where(eq(user.id, userId))
    return { plan: 'free' as const, status: null }
  })
}

/** The user's active or canceled subscription (after settling), or null. */
export async function liveSubscription(db: Db, userId: string, now = new Date()) {
  await settleSubscription(db, userId, now)
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), inArray(subscriptions.status, LIVE)))
  return row ?? null
}

/** The user's subscription row in any state (an ended one still names the provider's customer). */
export async function subscriptionRow(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.user_id, userId))
  return row ?? null
}

/** The user's plan now, with a lapsed subscription settled first (e.g. a workspace owner's plan). */
export async function currentPlan(db: Db, userId: string): Promise<Plan> {
  const [row] = await db
    .select({ plan: user.plan, status: user.status })
    .from(user)
    .where(eq(user.id, userId))
  // Only a canceled subscription can lapse: every other user's plan is read in one query, no
  // transaction (this runs for every write in a workspace, ADR 0417).
  if (canRestoreSubscription(row?.status as SubscriptionStatus | null | undefined)) {
    const settled = await settleSubscription(db, userId)
    if (settled) return settled.plan
  }
  return (row?.plan ?? 'free') as Plan
}

/** Upgrading to the plan one already has is refused; a canceled one is restored instead. */
export function assertCanUpgrade(live: SubscriptionRow | null, plan: PaidPlan) {
  if (live?.plan !== plan) return
  throw conflict(live.status === 'active' ? appMessages.alreadyOnPlan : appMessages.restoreInsteadOfUpgrade)
}

export function assertCancelable(live: SubscriptionRow | null): asserts live is SubscriptionRow {
  if (live?.status !== 'active') throw conflict(appMessages.noActiveSubscription)
}

export function assertRestorable(live: SubscriptionRow | null): asserts live is SubscriptionRow {
  if (live?.status !== 'canceled') throw conflict(appMessages.noCanceledSubscription)
}

/** The row as a state, to write it back with a few fields changed. */
export const stateOf = (row: SubscriptionRow): SubscriptionState => ({
  plan: row.plan as PaidPlan,
  status: row.status as RowStatus,
  provider: row.provider,
  currentPeriodEnd: row.current_period_end,
})

/** GET /api/billing/subscription: what the Account dialog shows. */
export async function subscriptionInfo(db: Db, userId: string): Promise<SubscriptionInfo | null> {
  const live = await liveSubscription(db, userId)
  if (!live) return null
  const periodEnd = periodEndOf(live)
  return {
    plan: live.plan as PaidPlan,
    status: live.status as SubscriptionStatus,
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
    provider: live.provider,
  }
}

/** The end of the current period. The local (test-mode) provider renews an active subscription
 * without charging, so its period rolls on a month at a time. */
export function periodEndOf(row: SubscriptionRow, now = new Date()): Date | null {
  let end = row.current_period_end
  while (row.provider === 'local' && row.status === 'active' && end && end <= now) end = addMonthsUtc(end, 1)
  return end
}

/** `date` plus `months` calendar months in UTC, the day clamped to the target month's length. */
export function addMonthsUtc(date: Date, months: number): Date {
  const d = new Date(date)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d
}
