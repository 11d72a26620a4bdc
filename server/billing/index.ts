// Billing: the provider chosen by BILLING_PROVIDER, and what the routes need besides it
// (the Stripe webhook, the prices shown). Built once per server by the better-auth plugin (auth-plugin.ts).
import type { PlanPrices } from '../../common/plans.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log/log.ts'
import { localProvider } from './local-provider.ts'
import type { BillingProvider } from './provider.ts'
import { type StripeAccess, stripeAccess } from './stripe-client.ts'
import { stripeProvider } from './stripe-provider.ts'
import type { TestCheckout } from './test-checkout.ts'

export type Billing = {
  db: Db
  /** Stripe's refusals and outages, and what its webhook notices, are logged here. */
  logger: Logger
  provider: BillingProvider
  /** Present with BILLING_PROVIDER=stripe. */
  stripe: StripeAccess | null
  /** The monthly prices shown to users (GET /api/billing/plans). */
  prices: PlanPrices
  /** Whether the local provider's checkout may be used (never with Stripe; ADR 0007). */
  testCheckout: TestCheckout
}

export function createBilling(opts: { config: Config; db: Db; logger: Logger }): Billing {
  const deps = { db: opts.db, config: opts.config, logger: opts.logger }
  const common = { db: opts.db, logger: opts.logger }
  const { prices, testCheckout } = opts.config.billing
  if (opts.config.billing.provider === 'stripe') {
    const stripe = stripeAccess(opts.config)
    return { ...common, provider: stripeProvider(deps, stripe), stripe, prices, testCheckout }
  }
  return { ...common, provider: localProvider(deps), stripe: null, prices, testCheckout }
}
