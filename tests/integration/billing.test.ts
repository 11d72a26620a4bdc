// Subscriptions with the local provider: upgrade -> checkout "Pay" -> active -> cancel (plan kept
// until the period ends) -> restore; the period's end makes the user free; bad return addresses;
// signed out. Everything through the real routes on PGlite (and Postgres).
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { DEFAULT_PLAN_PRICES } from '../../common/plans.ts'
import { loadConfig } from '../../server/config/config.ts'
import { checkoutSessions, subscriptions, user } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const upgrade = { successUrl: '/maker', cancelUrl: '/upgrade' }

describe.each(dbKinds)('subscriptions with the local provider on %s', (kind) => {
  let t: TestApp
  let ada: string
  let bob: string
  const me = async (cookie: string) => (await t.get('/api/me', cookie)).body.user
  const userId = async (email: string) =>
    (await t.ctx.store.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id
  const buy = async (cookie: string, plan: 'pro' | 'gold') => {
    const res = await t.post('/api/auth/subscription/upgrade', cookie, { plan, ...upgrade })
    expect(res.status).toBe(200)
    const session = new URL(res.body.url, 'http://x').searchParams.get('session')!
    return { res, session }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    ada = await t.signIn('ada@example.com')
    bob = await t.signIn('bob@example.com')
  })
  afterAll(() => t?.close())

  it('refuses every subscription call when signed out (401 with an error)', async () => {
    for (const path of ['upgrade', 'cancel', 'restore']) {
      const res = await t.request(`/api/auth/subscription/${path}`, { json: { plan: 'gold', ...upgrade } })
      expect(res.status).toBe(401)
      expect(typeof (await res.json()).error).toBe('string')
    }
    expect((await t.post('/api/billing/checkout/complete', '', { session: randomUUID() })).status).toBe(401)
    expect((await t.get('/api/billing/subscription', '')).status).toBe(401)
  })

  it('accepts only paths on this site as return addresses, and only pro or gold', async () => {
    const bad = [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      'maker',
    ]
    for (const successUrl of bad) {
      const res = await t.post('/api/auth/subscription/upgrade', ada, {
        plan: 'gold',
        successUrl,
        cancelUrl: '/x',
      })
      expect(res, successUrl).toEqual({
        status: 400,
        body: { error: appMessages.redirectPathInvalid, code: 'invalid' },
      })
    }
    const cancelUrl = await t.post('/api/auth/subscription/upgrade', ada, {
      plan: 'gold',
      successUrl: '/m',
      cancelUrl: 'http://localhost:3999.evil/',
    })
    expect(cancelUrl.status).toBe(400)
    const returnUrl = await t.post('/api/auth/subscription/cancel', ada, {
      returnUrl: 'https://evil.example',
    })
    expect(returnUrl).toEqual({
      status: 400,
      body: { error: appMessages.redirectPathInvalid, code: 'invalid' },
    })
    for (const plan of ['free', 'platinum', undefined]) {
      const res = await t.post('/api/auth/subscription/upgrade', ada, { plan, ...upgrade })
      expect(res).toEqual({ status: 400, body: { error: appMessages.planRequired, code: 'invalid' } })
    }
    expect((await t.ctx.store.db.select().from(checkoutSessions)).length).toBe(0)
  })

  it('upgrade -> Pay -> gold active; cancel keeps gold until the period ends; restore', async () => {
    const { res, session } = await buy(ada, 'gold')
    expect(res.body).toEqual({ url: `/billing/checkout?session=${session}`, redirect: true })
    expect(await me(ada)).toMatchObject({ plan: 'free', status: null })

    const checkout = await t.get(`/api/billing/checkout?session=${session}`, ada)
    expect(checkout.body.data).toMatchObject({
      plan: 'gold',
      successUrl: '/maker',
      cancelUrl: '/upgrade',
      completed: false,
    })
    // Only its own user sees or pays it.
    expect((await t.get(`/api/billing/checkout?session=${session}`, bob)).status).toBe(404)
    expect(await t.post('/api/billing/checkout/complete', bob, { session })).toEqual({
      status: 404,
      body: { error: appMessages.checkoutNotFound, code: 'not_found' },
    })
    expect((await me(bob)).plan).toBe('free')

    const paid = await t.post('/api/billing/checkout/complete', ada, { session })
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ completed: true, successUrl: '/maker' })
    expect(await me(ada)).toMatchObject({ plan: 'gold', status: 'active' })
    // Paying twice changes nothing.
    expect((await t.post('/api/billing/checkout/complete', ada, { session })).status).toBe(200)
    const rows = await t.ctx.store.db.select().from(subscriptions)
    expect(rows).toHaveLength(1)
    const end = rows[0]!.current_period_end!.getTime()
    expect(end - Date.now()).toBeGreaterThan(27 * 86_400_000)
    expect(end - Date.now()).toBeLessThan(32 * 86_400_000)
    const info = (await t.get('/api/billing/subscription', ada)).body.data
    expect(info).toMatchObject({ plan: 'gold', status: 'active', provider: 'local' })

    expect(await t.post('/api/auth/subscription/upgrade', ada, { plan: 'gold', ...upgrade })).toEqual({
      status: 409,
      body: { error: appMessages.alreadyOnPlan, code: 'conflict' },
    })

    const cancel = await t.post('/api/auth/subscription/cancel', ada, { returnUrl: '/maker' })
    expect(cancel).toEqual({ status: 200, body: { url: '/maker', redirect: true } })
    expect(await me(ada)).toMatchObject({ plan: 'gold', status: 'canceled' })
    expect((await t.get('/api/billing/subscription', ada)).body.data).toMatchObject({
      status: 'canceled',
      currentPeriodEnd: info.currentPeriodEnd,
    })
    expect(await t.post('/api/auth/subscription/cancel', ada, { returnUrl: '/maker' })).toEqual({
      status: 409,
      body: { error: appMessages.noActiveSubscription, code: 'conflict' },
    })
    expect((await t.post('/api/auth/subscription/upgrade', ada, { plan: 'gold', ...upgrade })).body).toEqual({
      error: appMessages.restoreInsteadOfUpgrade,
      code: 'conflict',
    })

    // As the app sends it (client/lib/api.ts): POST without a body, so no Content-Type.
    const restore = await t.request('/api/auth/subscription/restore', { cookie: ada, method: 'POST' })
    expect(restore.status).toBe(200)
    expect(await restore.json()).toEqual({ url: '/maker', redirect: true })
    expect(await me(ada)).toMatchObject({ plan: 'gold', status: 'active' })
    expect((await t.post('/api/auth/subscription/restore', ada, {})).body).toEqual({
      error: appMessages.noCanceledSubscription,
      code: 'conflict',
    })
  })

  it('a canceled subscription whose period has ended leaves the user free, and cannot be restored', async () => {
    await t.post('/api/auth/subscription/cancel', ada, { returnUrl: '/maker' })
    const id = await userId('ada@example.com')
    await t.ctx.store.db
      .update(subscriptions)
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.user_id, id))
    expect(await me(ada)).toMatchObject({ plan: 'free', status: null })
    expect((await t.get('/api/billing/subscription', ada)).body).toEqual({ data: null })
    expect(await t.post('/api/auth/subscription/restore', ada, {})).toEqual({
      status: 409,
      body: { error: appMessages.noCanceledSubscription, code: 'conflict' },
    })
    // The server's entitlements follow at once: no workspace for a free user.
    const ws = await t.post('/api/workspaces/create', ada, { id: randomUUID(), name: 'Team' })
    expect(ws).toEqual({ status: 403, body: { error: appMessages.goldRequired, code: 'plan_required' } })
  })

  it('buying again, then switching from pro to gold; the new plan counts at once', async () => {
    const pro = await buy(ada, 'pro')
    await t.post('/api/billing/checkout/complete', ada, { session: pro.session })
    expect(await me(ada)).toMatchObject({ plan: 'pro', status: 'active' })
    expect((await t.post('/api/workspaces/create', ada, { id: randomUUID(), name: 'Team' })).status).toBe(403)
    expect((await t.get('/api/credits', ada)).body.data).toMatchObject({ used: 0, limit: 200 })

    const gold = await buy(ada, 'gold')
    await t.post('/api/billing/checkout/complete', ada, { session: gold.session })
    expect(await me(ada)).toMatchObject({ plan: 'gold', status: 'active' })
    expect((await t.post('/api/workspaces/create', ada, { id: randomUUID(), name: 'Team' })).status).toBe(200)
    expect((await t.get('/api/credits', ada)).body.data.limit).toBe(1000)
  })

  it('an expired or unknown checkout answers 404; cancel on it goes nowhere', async () => {
    const { session } = await buy(bob, 'pro')
    await t.ctx.store.db
      .update(checkoutSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, session))
    expect(await t.post('/api/billing/checkout/complete', bob, { session })).toEqual({
      status: 404,
      body: { error: appMessages.checkoutNotFound, code: 'not_found' },
    })
    expect((await t.get(`/api/billing/checkout?session=${session}`, bob)).status).toBe(404)
    expect((await t.post('/api/billing/checkout/complete', bob, { session: randomUUID() })).status).toBe(404)
    expect((await t.post('/api/billing/checkout/complete', bob, { session: 'nope' })).status).toBe(400)
    expect((await me(bob)).plan).toBe('free')
    expect(await t.post('/api/auth/subscription/cancel', bob, { returnUrl: '/maker' })).toEqual({
      status: 409,
      body: { error: appMessages.noActiveSubscription, code: 'conflict' },
    })
  })
})

describe('plan prices', () => {
  it('are served to anyone at GET /api/billing/plans, as the environment sets them', async () => {
    const t = await createTestApp('pglite', { PLAN_PRICE_PRO: '12.5', PLAN_CURRENCY: 'eur' })
    try {
      const res = await t.get('/api/billing/plans', '')
      expect(res).toEqual({
        status: 200,
        body: {
          data: { currency: 'EUR', monthly: { free: 0, pro: 12.5, gold: DEFAULT_PLAN_PRICES.monthly.gold } },
        },
      })
    } finally {
      await t.close()
    }
  })

  it('refuse to start with a price that is not a sensible amount', () => {
    for (const PLAN_PRICE_GOLD of ['-1', 'ten', '9.999']) {
      expect(
        () => loadConfig({ PLAN_PRICE_GOLD, DATA_DIR: '/tmp/x', AUTH_SECRET: 'x'.repeat(32) }),
        PLAN_PRICE_GOLD,
      ).toThrow(/PLAN_PRICE_GOLD/)
    }
    expect(() =>
      loadConfig({ PLAN_CURRENCY: 'dollars', DATA_DIR: '/tmp/x', AUTH_SECRET: 'x'.repeat(32) }),
    ).toThrow(/PLAN_CURRENCY/)
  })
})
