// The Stripe provider against a local stand-in for Stripe's API (tests/setup/stripe-stub.ts):
// Checkout Session for upgrade, cancel at period end, restore, plan switch, and signed
// webhooks (checkout.session.completed, customer.subscription.updated/.deleted), including a
// bad signature and a replayed event. Plus the start-up check of the Stripe settings.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { loadConfig } from '../../server/config/config.ts'
import { billingEvents } from '../../server/db/schema/index.ts'
import { type StripeStub, startStripeStub } from '../setup/stripe-stub.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const STRIPE_ENV = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_iconvault',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_iconvault',
  STRIPE_PRICE_PRO: 'price_pro_test',
  STRIPE_PRICE_GOLD: 'price_gold_test',
}
const secret = STRIPE_ENV.STRIPE_WEBHOOK_SECRET

it('refuses to start with BILLING_PROVIDER=stripe and missing keys, naming them', () => {
  expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', AUTH_SECRET: 'x'.repeat(32) })).toThrow(
    /BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO, STRIPE_PRICE_GOLD/,
  )
  const { STRIPE_PRICE_GOLD: _, ...noGold } = STRIPE_ENV
  expect(() => loadConfig({ ...noGold, AUTH_SECRET: 'x'.repeat(32) })).toThrow(/needs STRIPE_PRICE_GOLD$/)
})

describe.each(dbKinds)('subscriptions with the Stripe provider on %s', (kind) => {
  let t: TestApp
  let stub: StripeStub
  let ada: string
  let adaId: string
  const me = async () => (await t.get('/api/me', ada)).body.user
  const deliver = async (type: string, object: unknown, opts: { secret?: string } = {}) => {
    const event = stub.event(type, object, opts.secret ?? secret)
    const res = await t.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body: event.payload,
      headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' },
    })
    return { ...event, status: res.status, body: await res.json() }
  }

  beforeAll(async () => {
    stub = await startStripeStub()
    t = await createTestApp(kind, STRIPE_ENV)
    // The SDK is built on first use (server/billing/stripe-client.ts): point it at the stand-in.
    t.ctx.config.billing.stripeApi = stub.api
    ada = await t.signIn('ada@example.com')
    adaId = (await me()).id
  })
  afterAll(async () => {
    await t?.close()
    await stub?.close()
  })

  it('upgrade opens a Stripe Checkout Session for the plan price and the user', async () => {
    const res = await t.post('/api/auth/subscription/upgrade', ada, {
      plan: 'gold',
      successUrl: '/maker',
      cancelUrl: '/upgrade',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/),
      redirect: true,
    })
    const call = stub.requests.find((r) => r.path === '/v1/checkout/sessions')!
    expect(call.authorization).toBe(`Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`)
    expect(Object.fromEntries(call.params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_gold_test',
      'line_items[0][quantity]': '1',
      client_reference_id: adaId,
      customer_email: 'ada@example.com',
      success_url: 'http://localhost:3999/maker',
      cancel_url: 'http://localhost:3999/upgrade',
    })
    expect(await me()).toMatchObject({ plan: 'free', status: null })
  })

  it('rejects a webhook with a bad or missing signature (400) and changes nothing', async () => {
    const session = [...stub.sessions.values()][0]!
    const forged = await deliver('checkout.session.completed', session, { secret: 'whsec_wrong' })
    expect(forged.status).toBe(400)
    expect(forged.body).toEqual({ error: appMessages.webhookSignatureInvalid, code: 'invalid' })
    const unsigned = await t.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body: '{"id":"evt_x"}',
    })
    expect(unsigned.status).toBe(400)
    expect(await me()).toMatchObject({ plan: 'free', status: null })
  })

  it('checkout.session.completed activates the plan; a replay is applied once', async () => {
    const session = [...stub.sessions.values()][0]!
    const { subscription } = stub.pay(session.id as string)
    const done = await deliver('checkout.session.completed', session)
    expect(done).toMatchObject({ status: 200, body: { received: true } })
    expect(await me()).toMatchObject({ plan: 'gold', status: 'active' })
    const info = (await t.get('/api/billing/subscription', ada)).body.data
    expect(info).toMatchObject({ plan: 'gold', status: 'active', provider: 'stripe' })
    expect(Date.parse(info.currentPeriodEnd)).toBe(subscription.items.data[0]!.current_period_end * 1000)

    // customer.subscription.updated: canceled at period end -> still gold, status canceled.
    const canceled = await deliver('customer.subscription.updated', {
      ...subscription,
      cancel_at_period_end: true,
    })
    expect(canceled.status).toBe(200)
    expect(await me()).toMatchObject({ plan: 'gold', status: 'canceled' })
    // Restore through our API (Stripe un-cancels), then the old event arrives again: nothing changes.
    const restored = await t.post('/api/auth/subscription/restore', ada, {})
    expect(restored).toEqual({ status: 200, body: { url: '/maker', redirect: true } })
    expect(stub.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false)
    const replay = await t.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body: canceled.payload,
      headers: { 'stripe-signature': canceled.signature },
    })
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ received: true, duplicate: true })
    expect(await me()).toMatchObject({ plan: 'gold', status: 'active' })
    const recorded = await t.ctx.store.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, canceled.id))
    expect(recorded).toHaveLength(1)
  })

  it('cancel sets cancel_at_period_end on Stripe and keeps the plan; restore clears it', async () => {
    const cancel = await t.post('/api/auth/subscription/cancel', ada, { returnUrl: '/maker' })
    expect(cancel).toEqual({ status: 200, body: { url: '/maker', redirect: true } })
    const sub = [...stub.subscriptions.values()][0]!
    expect(sub.cancel_at_period_end).toBe(true)
    expect(await me()).toMatchObject({ plan: 'gold', status: 'canceled' })
    expect((await t.post('/api/auth/subscription/restore', ada, {})).status).toBe(200)
    expect(sub.cancel_at_period_end).toBe(false)
    expect(await me()).toMatchObject({ plan: 'gold', status: 'active' })
  })

  it('switching plans changes the price of the same subscription (no second checkout)', async () => {
    const before = stub.sessions.size
    const res = await t.post('/api/auth/subscription/upgrade', ada, {
      plan: 'pro',
      successUrl: '/maker',
      cancelUrl: '/upgrade',
    })
    expect(res).toEqual({ status: 200, body: { url: '/maker', redirect: true } })
    expect(stub.sessions.size).toBe(before)
    expect([...stub.subscriptions.values()][0]!.items.data[0]!.price.id).toBe('price_pro_test')
    expect(await me()).toMatchObject({ plan: 'pro', status: 'active' })
  })

  it('customer.subscription.deleted makes the user free; older events after it are ignored', async () => {
    const sub = [...stub.subscriptions.values()][0]!
    const stale = stub.event('customer.subscription.updated', { ...sub, status: 'active' }, secret)
    const ended = await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' })
    expect(ended.status).toBe(200)
    expect(await me()).toMatchObject({ plan: 'free', status: null })
    expect((await t.get('/api/billing/subscription', ada)).body).toEqual({ data: null })
    // An event created before the deletion, delivered late, does not bring the plan back.
    const payload = JSON.parse(stale.payload)
    payload.created -= 60
    const late = JSON.stringify(payload)
    const { default: Stripe } = await import('stripe')
    const res = await t.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body: late,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: late, secret }) },
    })
    expect(res.status).toBe(200)
    expect(await me()).toMatchObject({ plan: 'free', status: null })
  })

  it('a new checkout after the end reuses the Stripe customer', async () => {
    await t.post('/api/auth/subscription/upgrade', ada, {
      plan: 'gold',
      successUrl: '/maker',
      cancelUrl: '/upgrade',
    })
    const last = stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!
    expect(last.params.get('customer')).toMatch(/^cus_test_/)
    expect(last.params.get('customer_email')).toBeNull()
    const session = [...stub.sessions.values()].at(-1)!
    stub.pay(session.id as string)
    expect((await deliver('checkout.session.completed', session)).status).toBe(200)
    expect(await me()).toMatchObject({ plan: 'gold', status: 'active' })
  })

  it("answers Stripe's refusals with Stripe's message", async () => {
    stub.subscriptions.clear()
    const res = await t.post('/api/auth/subscription/cancel', ada, { returnUrl: '/maker' })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/^No such subscription: 'sub_test_\d+'$/)
    expect(await me()).toMatchObject({ plan: 'gold', status: 'active' })
  })
})
