// Rate limits: the client address behind TRUST_PROXY reverse proxies (and never from a
// client's own header without it), magic links per target e-mail, and per-user limits on
// invitations, AI generation, tracing and create-many. Every refusal: 429, Retry-After, `{ error }`.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { LIMITS } from '../../server/middleware/rate-limit.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const PROXY = '10.20.30.40'

async function expectTooMany(res: Response) {
  expect(res.status).toBe(429)
  expect(await res.json()).toEqual({ error: appMessages.tooManyRequests, code: 'rate_limited' })
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
}

/** Sends `n` requests one after another; resolves to their statuses, the last response kept. */
async function times(n: number, send: (i: number) => Promise<Response>) {
  const statuses: number[] = []
  let last: Response | undefined
  for (let i = 0; i < n; i++) {
    last = await send(i)
    statuses.push(last.status)
    if (i < n - 1) await last.body?.cancel()
  }
  return { statuses, last: last as Response }
}

describe.each(dbKinds)('rate limits behind one trusted proxy (TRUST_PROXY=1) on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { TRUST_PROXY: '1' })
  })
  afterAll(() => t?.close())

  const link = (email: string, forwardedFor: string) =>
    t.request('/api/auth/sign-in/magic-link', {
      json: { email },
      ip: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
    })

  it('keys magic links on the client behind the proxy: one client’s limit leaves the next one alone', async () => {
    // The right-most entry is the one the proxy appended; what the client sent before it is not believed.
    const { statuses, last } = await times(7, (i) =>
      link(`px${i}@example.com`, `198.51.100.${i}, 203.0.113.1`),
    )
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    await expectTooMany(last)
    expect((await link('py@example.com', '203.0.113.2')).status).toBe(200)
  })

  it('records the forwarded client address on the session', async () => {
    const cookie = await t.signIn('pz@example.com', { ip: PROXY })
    // signIn() sends no X-Forwarded-For: the socket (the proxy) is all there is.
    const sessions = await (await t.request('/api/auth/list-sessions', { cookie })).json()
    expect(sessions.map((s: { ipAddress: string }) => s.ipAddress)).toEqual([PROXY])
    const after = Date.now()
    await link('pw@example.com', '203.0.113.77')
    const mail = await t.smtp.waitForMail('pw@example.com', { after })
    const token = new URL(mail.link ?? '').searchParams.get('token') ?? ''
    const verify = await t.request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, {
      ip: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.77' },
    })
    const pw = verify.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const own = await (await t.request('/api/auth/list-sessions', { cookie: pw })).json()
    expect(own.map((s: { ipAddress: string }) => s.ipAddress)).toEqual(['203.0.113.77'])
  })
})

describe.each(dbKinds)('rate limits on %s', (kind) => {
  let t: TestApp
  let owner: string
  let other: string
  const wsId = randomUUID()
  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('rlo@example.com')
    other = await t.signIn('rlx@example.com')
    await t.setPlan('rlo@example.com', 'gold')
    await t.setPlan('rlx@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Limits', description: '' })
  })
  afterAll(() => t?.close())

  it('without TRUST_PROXY, X-Forwarded-For buys no fresh bucket', async () => {
    const { statuses, last } = await times(6, (i) =>
      t.request('/api/auth/sign-in/magic-link', {
        json: { email: `nf${i}@example.com` },
        ip: '10.77.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      }),
    )
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    await expectTooMany(last)
  })

  it(`sends at most ${LIMITS.magicLinkPerEmail.max} links to one address, from however many clients`, async () => {
    const max = LIMITS.magicLinkPerEmail.max
    const { statuses, last } = await times(max + 1, (i) =>
      t.request('/api/auth/sign-in/magic-link', {
        json: { email: i % 2 ? 'Victim@Example.com' : 'victim@example.com' },
        ip: `10.88.0.${i}`,
      }),
    )
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(200))
    await expectTooMany(last)
    expect(t.smtp.mails.filter((m) => m.to.toLowerCase().includes('victim@example.com')).length).toBe(max)
    const elsewhere = await t.request('/api/auth/sign-in/magic-link', {
      json: { email: 'someone-else@example.com' },
      ip: '10.88.1.1',
    })
    expect(elsewhere.status).toBe(200)
  })

  it(`sends at most ${LIMITS.invitationsPerUser.max} invitations per user in a window`, async () => {
    const max = LIMITS.invitationsPerUser.max
    const { statuses, last } = await times(max + 1, (i) =>
      t.request('/api/workspaces/invite-user', {
        cookie: owner,
        json: { workspaceId: wsId, email: `inv${i}@example.com` },
      }),
    )
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(200))
    await expectTooMany(last)
    // Another user's limit is their own.
    const theirs = randomUUID()
    await t.post('/api/workspaces/create', other, { id: theirs, name: 'Theirs', description: '' })
    const ok = await t.post('/api/workspaces/invite-user', other, {
      workspaceId: theirs,
      email: 'i@example.com',
    })
    expect(ok.status).toBe(200)
  })

  it('limits AI generation, tracing and create-many per user', async () => {
    const cases = [
      { path: '/api/maker/generate', max: LIMITS.aiGenerationsPerUser.max, body: { prompt: ' ' } },
      { path: '/api/maker/charge', max: LIMITS.tracesPerUser.max, body: { action: 'nothing' } },
      { path: '/api/icons/create-many', max: LIMITS.createManyPerUser.max, body: { icons: [] } },
    ]
    for (const { path, max, body } of cases) {
      // Invalid bodies (400) count too: the limit is on requests, before any work.
      const { statuses, last } = await times(max + 1, () => t.request(path, { cookie: owner, json: body }))
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(400))
      await expectTooMany(last)
      const theirs = await t.request(path, { cookie: other, json: body })
      expect(theirs.status).toBe(400)
    }
  })
})
