// Whether the local provider's built-in checkout, which gives paid plans without payment, may be
// used (ADR 0007). On by default for a development or test server (an http BASE_URL); off for a
// deployment (an https BASE_URL, or NODE_ENV=production as the Dockerfile sets), where paid plans
// cannot be bought until Stripe is configured, unless ALLOW_TEST_CHECKOUT=1 turns it on on purpose.

/** The decision and why, said at start (startupBillingLine). */
export type TestCheckout = { allowed: boolean; reason: string }

/** The environment variable that turns the test checkout on (1) or off (0) whatever else. */
const ALLOW_TEST_CHECKOUT = 'ALLOW_TEST_CHECKOUT'

export function decideTestCheckout(opts: {
  provider: 'local' | 'stripe'
  baseUrl: string
  nodeEnv?: string
  allow?: '0' | '1'
}): TestCheckout {
  if (opts.provider !== 'local') return { allowed: false, reason: 'BILLING_PROVIDER=stripe' }
  if (opts.allow === '1') return { allowed: true, reason: `${ALLOW_TEST_CHECKOUT}=1` }
  if (opts.allow === '0') return { allowed: false, reason: `${ALLOW_TEST_CHECKOUT}=0` }
  if (new URL(opts.baseUrl).protocol === 'https:')
    return { allowed: false, reason: 'BASE_URL is https (a deployment)' }
  if (opts.nodeEnv === 'production') return { allowed: false, reason: 'NODE_ENV=production' }
  return { allowed: true, reason: 'BASE_URL is http and NODE_ENV is not production (development or tests)' }
}

/** What the server says of billing at start: the mode and why; a warning when plans are free or not sold. */
export function startupBillingLine(billing: { provider: 'local' | 'stripe'; testCheckout: TestCheckout }): {
  level: 'info' | 'warn'
  message: string
} {
  if (billing.provider === 'stripe') return { level: 'info', message: 'Billing: Stripe' }
  const { allowed, reason } = billing.testCheckout
  if (!allowed)
    return {
      level: 'warn',
      message: `Billing: the built-in test checkout is off (${reason}): paid plans cannot be bought until BILLING_PROVIDER=stripe is configured (${ALLOW_TEST_CHECKOUT}=1 turns the test checkout on, for testing only)`,
    }
  return {
    level: reason.startsWith(ALLOW_TEST_CHECKOUT) ? 'warn' : 'info',
    message: `Billing: built-in test checkout, paid plans are given without payment (${reason})`,
  }
}
