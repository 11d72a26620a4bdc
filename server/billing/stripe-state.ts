// A Stripe subscription as our subscription state: which plan (by price id), whether it is
// active, canceled at period end (still paid) or ended, and when the paid period ends.
import type Stripe from 'stripe'
import type { PaidPlan } from '../../common/plans.ts'
import type { SubscriptionState } from '../domain/plans/subscriptions.ts'

const ENDED: Stripe.Subscription.Status[] = ['canceled', 'incomplete_expired', 'unpaid', 'paused']
const PAID: Stripe.Subscription.Status[] = ['active', 'trialing', 'past_due']

/** null while the first payment is incomplete or the price is not one of ours: nothing to apply. */
export function stateFromStripe(
  sub: Stripe.Subscription,
  prices: Record<PaidPlan, string>,
): SubscriptionState | null {
  const item = sub.items?.data?.[0]
  const plan = planOfPrice(item?.price?.id, prices)
  if (!plan) return null
  const ended = ENDED.includes(sub.status)
  if (!ended && !PAID.includes(sub.status)) return null
  const periodEnd = item?.current_period_end ?? (sub as { current_period_end?: number }).current_period_end
  const canceling = sub.cancel_at_period_end || Boolean(sub.cancel_at)
  return {
    plan,
    status: ended ? 'ended' : canceling ? 'canceled' : 'active',
    provider: 'stripe',
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    customerId: idOf(sub.customer),
    subscriptionId: sub.id,
  }
}

function planOfPrice(priceId: string | undefined, prices: Record<PaidPlan, string>): PaidPlan | null {
  if (priceId === prices.pro) return 'pro'
  if (priceId === prices.gold) return 'gold'
  return null
}

/** Stripe fields that hold an id or, when expanded, the object. */
export const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null)
