import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('magic-link sign-in on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t?.close())

  it('mails a link to BASE_URL/verify-identity that signs the user in once', async () => {
    const after = Date.now()
    const res = await t.request('/api/auth/sign-in/magic-link', {
      json: { email: 'Ada@Example.com' },
      ip: '10.1.0.1',
    })
    expect(res.status).toBe(200)
    const mail = await t.smtp.waitForMail('ada@example.com', { after })
    expect(mail.subject).toBe('Sign in to Iconvault')
    expect(mail.link).toMatch(/^http:\/\/localhost:3999\/verify-identity\?token=[\w-]+$/)
    const token = new URL(mail.link!).searchParams.get('token')!

    const verify = await t.request(`/api/auth/magic-link/verify?token=${token}`, { ip: '10.1.0.1' })
    expect(verify.status).toBe(200)
    const setCookie = verify.headers.getSetCookie().join('\n')
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).not.toMatch(/Secure/i)
    const cookie = verify.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    const me = await (await t.request('/api/me', { cookie })).json()
    expect(me.user).toMatchObject({ email: 'ada@example.com', plan: 'free', status: null })
    expect(typeof me.user.id).toBe('string')

    const again = await t.request(`/api/auth/magic-link/verify?token=${token}`, { ip: '10.1.0.1' })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ error: appMessages.magicLinkInvalid, code: 'invalid' })
  })

  it('stores the token hashed, never as sent', async () => {
    const after = Date.now()
    await t.request('/api/auth/sign-in/magic-link', { json: { email: 'hash@example.com' }, ip: '10.1.0.2' })
    const mail = await t.smtp.waitForMail('hash@example.com', { after })
    const token = new URL(mail.link!).searchParams.get('token')!
    const rows = await t.ctx.store.db.query.verification.findMany()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.identifier).not.toContain(token)
      expect(row.value).not.toContain(token)
    }
    const lifetime = rows.at(-1)!.expiresAt.getTime() - Date.now()
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000)
    expect(lifetime).toBeGreaterThan(9 * 60 * 1000)
  })

  it('refuses an expired link', async () => {
    const after = Date.now()
    await t.request('/api/auth/sign-in/magic-link', { json: { email: 'late@example.com' }, ip: '10.1.0.3' })
    const mail = await t.smtp.waitForMail('late@example.com', { after })
    const { verification } = await import('../../server/db/schema/index.ts')
    await t.ctx.store.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) })
    const token = new URL(mail.link!).searchParams.get('token')!
    const res = await t.request(`/api/auth/magic-link/verify?token=${token}`, { ip: '10.1.0.3' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: appMessages.magicLinkInvalid, code: 'invalid' })
  })

  it('rejects a bad address with 400 and the error shape', async () => {
    const res = await t.request('/api/auth/sign-in/magic-link', {
      json: { email: 'not-an-email' },
      ip: '10.1.0.4',
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(typeof body.error).toBe('string')
  })

  it('rate-limits link requests per client IP, from the socket and not from headers', async () => {
    const ip = '10.9.9.9'
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await t.request('/api/auth/sign-in/magic-link', {
        json: { email: `rl${i}@example.com` },
        ip,
        // A spoofed header must not buy a fresh bucket.
        headers: { 'x-forwarded-for': `192.0.2.${i}`, 'x-iconvault-client-ip': `198.51.100.${i}` },
      })
      statuses.push(res.status)
      if (res.status === 429) {
        expect(await res.json()).toEqual({ error: appMessages.tooManyRequests, code: 'rate_limited' })
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      }
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
    // Another client is not affected.
    const other = await t.request('/api/auth/sign-in/magic-link', {
      json: { email: 'x@example.com' },
      ip: '10.9.9.10',
    })
    expect(other.status).toBe(200)
  })

  it('signs out, and the session no longer works', async () => {
    const cookie = await t.signIn('bye@example.com')
    expect((await (await t.request('/api/me', { cookie })).json()).user.email).toBe('bye@example.com')
    const out = await t.request('/api/auth/sign-out', { cookie, json: {} })
    expect(out.status).toBe(200)
    expect((await (await t.request('/api/me', { cookie })).json()).user).toBeNull()
  })

  it('serves get-session, revoke-sessions, revoke-other-sessions and delete-user', async () => {
    const cookie = await t.signIn('many@example.com')
    const other = await t.signIn('many@example.com')
    const session = await (await t.request('/api/auth/get-session', { cookie })).json()
    expect(session.user.email).toBe('many@example.com')
    expect((await t.request('/api/auth/revoke-other-sessions', { cookie, json: {} })).status).toBe(200)
    expect((await (await t.request('/api/me', { cookie: other })).json()).user).toBeNull()
    expect((await (await t.request('/api/me', { cookie })).json()).user).not.toBeNull()
    expect((await t.request('/api/auth/revoke-sessions', { cookie, json: {} })).status).toBe(200)
    expect((await (await t.request('/api/me', { cookie })).json()).user).toBeNull()

    const fresh = await t.signIn('many@example.com')
    const del = await t.request('/api/auth/delete-user', { cookie: fresh, json: {} })
    expect(del.status).toBe(200)
    expect((await (await t.request('/api/me', { cookie: fresh })).json()).user).toBeNull()
  })
})
