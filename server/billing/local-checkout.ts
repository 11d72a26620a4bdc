// Checkout sessions of the local provider: opened by upgrade, shown at /billing/checkout,
// completed by "Pay" (only by their own user, once; repeating it changes nothing).
import { and, eq, gt, isNull } from 'drizzle-orm'
import { appMessages } from '../../common/messages.ts'
import type { PaidPlan } from '../../common/plans.ts'
import type { CheckoutInfo, UpgradeSubscriptionBody } from '../../common/schemas/billing.ts'
import type { Db } from '../db/client.ts'
import { checkoutSessions } from '../db/schema/index.ts'
import { notFound } from '../domain/errors.ts'
import { addMonthsUtc, writeSubscription } from '../domain/plans/subscriptions.ts'

/** How long an unpaid checkout session stays open. */
const CHECKOUT_TTL_MS = 60 * 60 * 1000

type CheckoutRow = typeof checkoutSessions.$inferSelect

export async function openCheckout(db: Db, userId: string, input: UpgradeSubscriptionBody): Promise<string> {
  const [row] = await db
    .insert(checkoutSessions)
    .values({
      user_id: userId,
      plan: input.plan,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: new Date(Date.now() + CHECKOUT_TTL_MS),
    })
    .returning({ id: checkoutSessions.id })
  return row!.id
}

/** The caller's own session, open or completed; anything else (expired, unknown, another user's) is 404. */
export async function getCheckout(
  db: Db,
  userId: string,
  id: string,
  now = new Date(),
): Promise<CheckoutInfo> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.user_id, userId)))
  if (!row || (!row.completed_at && row.expires_at <= now)) throw notFound(appMessages.checkoutNotFound)
  return info(row)
}

/** "Pay": completes the session and activates its plan for a month. Idempotent. */
export async function completeCheckout(db: Db, userId: string, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(checkoutSessions)
      .set({ completed_at: now })
      .where(
        and(
          eq(checkoutSessions.id, id),
          eq(checkoutSessions.user_id, userId),
          isNull(checkoutSessions.completed_at),
          gt(checkoutSessions.expires_at, now),
        ),
      )
      .returning()
    if (!done) return getCheckout(tx as Db, userId, id, now)
    await writeSubscription(tx as Db, userId, {
      plan: done.plan as PaidPlan,
      status: 'active',
      provider: 'local',
      currentPeriodEnd: addMonthsUtc(now, 1),
      customerId: null,
      subscriptionId: null,
    })
    return info(done)
  })
}

const info = (row: CheckoutRow): CheckoutInfo => ({
  id: row.id,
  plan: row.plan as PaidPlan,
  successUrl: row.success_url,
  cancelUrl: row.cancel_url,
  completed: row.completed_at !== null,
  expiresAt: row.expires_at.toISOString(),
})
