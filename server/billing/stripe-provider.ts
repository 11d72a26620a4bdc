// The Stripe provider (BILLING_PROVIDER=stripe): upgrade opens a Stripe Checkout Session
// (or switches the price of an existing subscription), cancel sets cancel_at_period_end,
// restore clears it. Webhooks (stripe-webhook.ts) confirm what Stripe did.
import type Stripe from 'stripe'
import { appMessages } from '../../common/messages.ts'
import { ApiError } from '../domain/errors.ts'
import {
  assertCancelable,
  assertCanUpgrade,
  assertRestorable,
  liveSubscription,
  type SubscriptionRow,
  stateOf,
  subscriptionRow,
  writeSubscription,
} from '../domain/plans/subscriptions.ts'
import { type BillingDeps, type BillingProvider, RESTORE_RETURN_PATH } from './provider.ts'
import type { StripeAccess } from './stripe-client.ts'
import { stateFromStripe } from './stripe-state.ts'

export function stripeProvider({ db, config, logger }: BillingDeps, stripe: StripeAccess): BillingProvider {
  const absolute = (path: string) => `${config.baseUrl}${path}`

  /** Applies what Stripe answered; a subscription without a Stripe id only changes here. */
  async function setCanceled(userId: string, live: SubscriptionRow, cancel: boolean) {
    if (!live.provider_subscription_id) {
      await writeSubscription(db, userId, { ...stateOf(live), status: cancel ? 'canceled' : 'active' })
      return
    }
    const id = live.provider_subscription_id
    const sub = await call(async (s) => s.subscriptions.update(id, { cancel_at_period_end: cancel }))
    const state = stateFromStripe(sub, stripe.prices)
    if (state) await writeSubscription(db, userId, state)
  }

  return {
    name: 'stripe',
    async upgrade(user, input) {
      const live = await liveSubscription(db, user.id)
      assertCanUpgrade(live, input.plan)
      const price = stripe.prices[input.plan]
      const subId = live?.provider_subscription_id
      if (subId) {
        // Already subscribed: switch the plan's price on the same subscription, prorated.
        const sub = await call(async (s) => {
          const current = await s.subscriptions.retrieve(subId)
          const item = current.items.data[0]
          return s.subscriptions.update(subId, {
            items: [{ ...(item && { id: item.id }), price }],
            cancel_at_period_end: false,
            proration_behavior: 'create_prorations',
            metadata: { userId: user.id, plan: input.plan },
          })
        })
        const state = stateFromStripe(sub, stripe.prices)
        if (state) await writeSubscription(db, user.id, state)
        return { url: input.successUrl }
      }
      const customer = (await subscriptionRow(db, user.id))?.provider_customer_id ?? undefined
      const session = await call((s) =>
        s.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          success_url: absolute(input.successUrl),
          cancel_url: absolute(input.cancelUrl),
          client_reference_id: user.id,
          ...(customer ? { customer } : { customer_email: user.email }),
          metadata: { userId: user.id, plan: input.plan },
          subscription_data: { metadata: { userId: user.id, plan: input.plan } },
        }),
      )
      if (!session.url) throw new ApiError(503, appMessages.billingUnavailable)
      return { url: session.url }
    },
    async cancel(user, returnUrl) {
      const live = await liveSubscription(db, user.id)
      assertCancelable(live)
      await setCanceled(user.id, live, true)
      return { url: returnUrl }
    },
    async restore(user) {
      const live = await liveSubscription(db, user.id)
      assertRestorable(live)
      await setCanceled(user.id, live, false)
      return { url: RESTORE_RETURN_PATH }
    },
  }

  /** Runs a Stripe call; its refusals reach the user with Stripe's message, outages as 503. */
  async function call<T>(fn: (s: Stripe) => Promise<T>): Promise<T> {
    const s = await stripe.client()
    try {
      return await fn(s)
    } catch (err) {
      const e = err as { type?: string; message?: string; statusCode?: number }
      logger.error({ stripe: { type: e.type, message: e.message } }, 'stripe call failed')
      if ((e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') && e.message) {
        throw new ApiError(400, e.message)
      }
      throw new ApiError(503, appMessages.billingUnavailable)
    }
  }
}
