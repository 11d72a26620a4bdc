// /api/billing: the plans' prices, the caller's subscription, the local provider's checkout page data and
// "Pay", and Stripe's webhook. The subscription calls themselves live under /api/auth
// (server/billing/auth-plugin.ts).
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { appMessages } from '../../common/messages.ts'
import { checkoutQuery, completeCheckoutBody } from '../../common/schemas/billing.ts'
import type { Auth } from '../auth/auth.ts'
import { billingOf } from '../billing/auth-plugin.ts'
import { completeCheckout, getCheckout } from '../billing/local-checkout.ts'
import { handleStripeWebhook } from '../billing/stripe-webhook.ts'
import { forbidden, notFound } from '../domain/errors.ts'
import { subscriptionInfo } from '../domain/plans/subscriptions.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'

export function billingRoutes(auth: Auth) {
  const billing = billingOf(auth)
  const { db } = billing
  const app = new Hono<AppEnv>()
  /** Checkout pages exist only with the local provider, and only where its test checkout is on (ADR 0007). */
  const localOnly = createMiddleware(async (_c, next) => {
    if (billing.provider.name !== 'local') throw notFound(appMessages.checkoutNotFound)
    if (!billing.testCheckout.allowed) throw forbidden(appMessages.billingNotConfigured, 'not_configured')
    await next()
  })

  // GET /api/billing/plans: the monthly prices shown on / and /upgrade (public: the landing page asks).
  app.get('/plans', (c) => c.json({ data: billing.prices }))

  // GET /api/billing/subscription: the caller's active or canceled subscription, or null.
  app.get('/subscription', requireUser, async (c) =>
    c.json({ data: await subscriptionInfo(db, actorOf(c).id) }),
  )

  // GET /api/billing/checkout?session=ID: a local checkout session of the caller (404 otherwise).
  app.get('/checkout', requireUser, localOnly, validateQuery(checkoutQuery), async (c) =>
    c.json({ data: await getCheckout(db, actorOf(c).id, c.var.query.session) }),
  )

  // POST /api/billing/checkout/complete {session}: "Pay" on the local checkout page; idempotent.
  app.post('/checkout/complete', requireUser, localOnly, validate(completeCheckoutBody), async (c) =>
    c.json({ data: await completeCheckout(db, actorOf(c).id, c.var.body.session) }),
  )

  // POST /api/billing/stripe/webhook: Stripe events, the signature checked on the raw body.
  app.post('/stripe/webhook', async (c) => {
    if (!billing.stripe) throw notFound()
    const raw = Buffer.from(await c.req.arrayBuffer())
    return c.json(await handleStripeWebhook(billing, billing.stripe, raw, c.req.header('stripe-signature')))
  })

  return app
}
