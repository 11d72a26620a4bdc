// The Stripe SDK, built on first use (the local provider never loads it) from the config:
// STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, the two price ids, and in tests the address of
// a local stand-in for Stripe's API (config.billing.stripeApi).
import type Stripe from 'stripe'
import type { PaidPlan } from '../../common/plans.ts'
import type { Config } from '../config/config.ts'

export type StripeAccess = {
  client(): Promise<Stripe>
  webhookSecret: string
  prices: Record<PaidPlan, string>
}

export function stripeAccess(config: Config): StripeAccess {
  const b = config.billing
  if (!b.stripeSecretKey || !b.stripeWebhookSecret || !b.stripePricePro || !b.stripePriceGold) {
    throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and both prices')
  }
  const key = b.stripeSecretKey
  let client: Promise<Stripe> | undefined
  return {
    client: () => {
      client ??= import('stripe').then(
        ({ default: StripeSdk }) =>
          new StripeSdk(key, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...b.stripeApi }),
      )
      return client
    },
    webhookSecret: b.stripeWebhookSecret,
    prices: { pro: b.stripePricePro, gold: b.stripePriceGold },
  }
}
