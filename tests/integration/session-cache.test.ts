// Sessions of GET requests come from a short-lived cache (ADR 0303): no database round trip while an
// entry is fresh, forgotten at once when its session ends (also through another process), when its
// user's row changes (a database trigger's note), or when its session sends a write.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CACHE_TTL_MS } from '../../server/cache/session-cache.ts'
import { session, user } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

/** Polled every 20 ms, failing unless it holds well within the cache's TTL (a quarter of it). */
const withinTtl = { interval: 20, timeout: CACHE_TTL_MS / 4, message: `not within ${CACHE_TTL_MS / 4} ms` }

describe.each(dbKinds)('session cache on %s', (kind) => {
  let a: TestApp
  let b: TestApp
  const me = async (app: TestApp, cookie: string) => (await app.get('/api/me', cookie)).body.user

  beforeAll(async () => {
    a = await createTestApp(kind)
    // On Postgres a second app process on the same database; on PGlite the same app.
    b = kind === 'postgres' ? await createTestApp(kind, {}, { sameDatabaseAs: a }) : a
  })
  afterAll(async () => {
    if (b !== a) await b?.close()
    await a?.close()
  })

  it('answers a GET from the cache without the database, and a write asks better-auth again', async () => {
    const cookie = await a.signIn('cache-a@example.com')
    expect(await me(a, cookie)).toMatchObject({ email: 'cache-a@example.com' })
    // The session row removed behind better-auth's back (no hook, no note): only the TTL bounds it.
    const [row] = await a.ctx.store.db
      .select()
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, 'cache-a@example.com'))
    await a.ctx.store.db.delete(session).where(eq(session.id, row!.session.id))
    expect(await me(a, cookie)).toMatchObject({ email: 'cache-a@example.com' })
    const write = await a.post('/api/projects/create', cookie, { id: crypto.randomUUID(), name: 'x' })
    expect(write.status).toBe(401)
    expect(await me(a, cookie)).toBeNull()
  })

  it('forgets a session signed out through another process at once, not after the TTL', async () => {
    const cookie = await a.signIn('cache-b@example.com')
    expect(await me(b, cookie)).toMatchObject({ email: 'cache-b@example.com' })
    expect(await me(b, cookie)).toMatchObject({ email: 'cache-b@example.com' })
    expect((await a.request('/api/auth/sign-out', { cookie, json: {} })).status).toBe(200)
    expect(await me(a, cookie)).toBeNull()
    const start = Date.now()
    await expect.poll(() => me(b, cookie), withinTtl).toBeNull()
    expect(Date.now() - start).toBeLessThan(CACHE_TTL_MS / 4)
  })

  it('forgets a user whose row changed, whoever wrote it (a trigger announces it)', async () => {
    const cookie = await a.signIn('cache-c@example.com')
    expect(await me(b, cookie)).toMatchObject({ plan: 'free' })
    await a.setPlan('cache-c@example.com', 'pro') // straight into the database, as a webhook would
    await expect.poll(async () => (await me(b, cookie)).plan, withinTtl).toBe('pro')
    expect(await me(a, cookie)).toMatchObject({ plan: 'pro' })
  })

  it('reads a session once for all the GETs that ask while it is not kept, and again after a sign-out', async () => {
    const cookie = await a.signIn('cache-d@example.com')
    const api = a.ctx.auth.api
    const getSession = api.getSession
    let reads = 0
    api.getSession = ((...args: Parameters<typeof getSession>) => {
      reads++
      return getSession(...args)
    }) as typeof getSession
    try {
      const users = await Promise.all(Array.from({ length: 20 }, () => me(a, cookie)))
      expect(users.map((u) => u?.email)).toEqual(Array(20).fill('cache-d@example.com'))
      expect(reads).toBe(1)
      expect((await a.request('/api/auth/sign-out', { cookie, json: {} })).status).toBe(200)
      const after = await Promise.all(Array.from({ length: 20 }, () => me(a, cookie)))
      expect(after).toEqual(Array(20).fill(null))
      // Signed out: forgotten, and read once more for the next twenty.
      expect(reads).toBe(2)
    } finally {
      api.getSession = getSession
    }
  })
})
