// The local provider's test checkout on a deployment (ADR 0007): with an https BASE_URL it is
// refused (403, "billing is not configured") at upgrade, on the checkout page's data and at "Pay",
// and the user stays free; ALLOW_TEST_CHECKOUT=1 turns it back on, for testing.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

const HTTPS = { BASE_URL: 'https://iconvault.example' }
const upgrade = { plan: 'pro', successUrl: '/maker', cancelUrl: '/upgrade' }
const refused = { status: 403, body: { error: appMessages.billingNotConfigured, code: 'not_configured' } }

describe('the local test checkout behind an https BASE_URL', () => {
  let off: TestApp
  let on: TestApp
  beforeAll(async () => {
    ;[off, on] = await Promise.all([
      createTestApp('pglite', HTTPS),
      createTestApp('pglite', { ...HTTPS, ALLOW_TEST_CHECKOUT: '1' }),
    ])
  })
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()])
  })

  it('is refused without ALLOW_TEST_CHECKOUT: no paid plan for free', async () => {
    expect(off.ctx.config.billing.testCheckout.allowed).toBe(false)
    const ada = await off.signIn('ada@example.com')
    expect(await off.post('/api/auth/subscription/upgrade', ada, upgrade)).toEqual(refused)
    expect(await off.get(`/api/billing/checkout?session=${randomUUID()}`, ada)).toEqual(refused)
    expect(await off.post('/api/billing/checkout/complete', ada, { session: randomUUID() })).toEqual(refused)
    expect((await off.post('/api/auth/subscription/restore', ada, {})).status).toBe(403)
    expect((await off.get('/api/me', ada)).body.user.plan).toBe('free')
  })

  it('works with ALLOW_TEST_CHECKOUT=1', async () => {
    const ada = await on.signIn('ada@example.com')
    const start = await on.post('/api/auth/subscription/upgrade', ada, upgrade)
    expect(start.status).toBe(200)
    const session = new URL(start.body.url, 'https://x').searchParams.get('session')
    expect((await on.post('/api/billing/checkout/complete', ada, { session })).status).toBe(200)
    expect((await on.get('/api/me', ada)).body.user.plan).toBe('pro')
  })
})
