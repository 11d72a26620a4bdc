// Signed-in GETs' fast path (server/session-fast-path.ts, ADR 0416) over real HTTP, on PGlite and
// Postgres: a session's repeated GET of /api/me, /api/projects or an icon list is answered without
// reaching the app, with exactly the status, headers and bytes the app sent for the same request (ETag,
// 304, brotli, gzip, security headers, Cache-Control, no cookie set); it stops at once when its session
// is signed out, revoked from another session or its account deleted, when a write of this process
// changes what it answered, and within a quarter of the cache's bound when another process (Postgres)
// signs out, writes or removes a member from a workspace, or a user's row changes; a canceled plan, a
// bearer token and another session never take it.
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionAnswers } from '../../server/cache/session-answers.ts'
import { CACHE_TTL_MS } from '../../server/cache/session-cache.ts'
import { session, user } from '../../server/db/schema/index.ts'
import { sessionTokenOf } from '../../server/middleware/session.ts'
import { type FastPathServer, fastPathServer } from '../setup/fast-path-server.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** An icon whose list passes the 1 KB from which answers are compressed. */
const BIG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${Array.from(
  { length: 120 },
  (_, i) => `M${i % 20} ${(i * 7) % 20}h2v3h-2z`,
).join('')}"/></svg>`

/** Polled every 20 ms, failing unless it holds well within the caches' bound (a quarter of it). */
const withinTtl = { interval: 20, timeout: CACHE_TTL_MS / 4, message: `not within ${CACHE_TTL_MS / 4} ms` }

describe.each(dbKinds)('signed-in fast path on %s', (kind) => {
  let t: TestApp
  /** On Postgres a second app process on the same database; on PGlite the same app. */
  let other: TestApp
  let served: FastPathServer

  /** A GET over real HTTP, as the app's own pages send it. */
  const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(`${served.base}${path}`, { headers: { cookie, ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      req.on('error', reject).end()
    })
  const json = async (path: string, cookie: string) => {
    const res = await get(path, cookie)
    return { status: res.status, body: res.body.length ? (JSON.parse(res.body.toString()) as Json) : null }
  }
  /** The same GET through the app (nothing kept before it), then again: how many reached the app. */
  const slowThenFast = async (path: string, cookie: string, headers: Record<string, string> = {}) => {
    sessionAnswers(t.ctx.store.db).sent.clear()
    const before = served.reachedApp()
    const slow = await get(path, cookie, headers)
    const fast = await get(path, cookie, headers)
    return { slow, fast, appCalls: served.reachedApp() - before }
  }
  const same = (a: Answer, b: Answer) => {
    const perSending = new Set(['x-request-id', 'date'])
    const of = (x: Answer) =>
      Object.fromEntries(Object.entries(x.headers).filter(([name]) => !perSending.has(name)))
    expect(b.status).toBe(a.status)
    expect(of(b)).toEqual(of(a))
    expect(b.body.equals(a.body)).toBe(true)
  }
  /** A signed-in pro user with a personal project of two icons (one large enough to compress the list). */
  const owner = async (email: string) => {
    const cookie = await t.signIn(email)
    await t.setPlan(email, 'pro')
    const project = randomUUID()
    expect(
      (await t.post('/api/projects/create', cookie, { id: project, name: 'Fast', workspace_id: null }))
        .status,
    ).toBe(200)
    for (const [name, svg] of [
      ['star', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 3h18v18H3z"/></svg>'],
      ['big', BIG],
    ] as const)
      expect(
        (
          await t.post('/api/icons/create', cookie, {
            id: randomUUID(),
            name,
            svg,
            project_id: project,
            workspace_id: null,
          })
        ).status,
      ).toBe(200)
    return { cookie, list: `/api/icons?project_id=${project}`, project }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    other = kind === 'postgres' ? await createTestApp(kind, {}, { sameDatabaseAs: t }) : t
    served = await fastPathServer(t)
  })
  afterAll(async () => {
    await served?.close()
    if (other !== t) await other?.close()
    await t?.close()
  })

  it('answers a repeated GET itself, exactly as the app answered it: plain, brotli, gzip and 304', async () => {
    const { cookie, list } = await owner('fast-exact@example.com')
    const etag = String((await get(list, cookie)).headers.etag)
    for (const path of ['/api/me', '/api/projects', list])
      for (const headers of [
        {} as Record<string, string>,
        { 'accept-encoding': 'br, gzip' },
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'br', 'if-none-match': etag },
        { 'if-none-match': '"something else"' },
      ]) {
        const { slow, fast, appCalls } = await slowThenFast(path, cookie, headers)
        expect(appCalls, `${path} ${JSON.stringify(headers)}`).toBe(1)
        same(slow, fast)
        expect(fast.headers['set-cookie']).toBeUndefined()
        expect(fast.headers['cache-control']).toBe('private, no-cache')
        expect(fast.headers['x-frame-options']).toBe('DENY')
        expect(fast.headers['x-request-id']).not.toBe(slow.headers['x-request-id'])
      }
    const listed = await slowThenFast(list, cookie, { 'accept-encoding': 'br, gzip' })
    expect(listed.fast.headers['content-encoding']).toBe('br')
    const revalidated = await slowThenFast(list, cookie, { 'if-none-match': etag })
    expect([revalidated.slow.status, revalidated.fast.status]).toEqual([304, 304])
  })

  it('never answers another session, a bearer token or a canceled plan from what it kept', async () => {
    const a = await owner('fast-a@example.com')
    const b = await t.signIn('fast-b@example.com')
    expect((await slowThenFast('/api/me', a.cookie)).appCalls).toBe(1)
    const before = served.reachedApp()
    expect((await json('/api/me', b)).body.user.email).toBe('fast-b@example.com')
    // A token and a cookie together are refused (400), as the app always did.
    expect((await get('/api/me', a.cookie, { authorization: 'Bearer ivt_x' })).status).toBe(400)
    expect(served.reachedApp() - before).toBe(2)
    // A canceled subscription is settled by the clock on a request: its answers take the route.
    await t.ctx.store.db.update(user).set({ status: 'canceled' }).where(eq(user.email, 'fast-a@example.com'))
    await expect
      .poll(async () => (await json('/api/me', a.cookie)).body.user.status, withinTtl)
      .toBe('canceled')
    const settled = served.reachedApp()
    await get('/api/me', a.cookie)
    await get('/api/projects', a.cookie)
    expect(served.reachedApp() - settled).toBe(2)
  })

  it('stops at once on sign-out, on a revocation from another session and on account deletion', async () => {
    const { cookie: kept } = await owner('fast-end@example.com')
    const revoked = await t.signIn('fast-end@example.com')
    const signedOut = await t.signIn('fast-end@example.com')
    for (const c of [kept, revoked, signedOut]) {
      await slowThenFast('/api/projects', c)
      expect((await slowThenFast('/api/me', c)).fast.status).toBe(200)
    }
    expect((await t.request('/api/auth/sign-out', { cookie: signedOut, json: {} })).status).toBe(200)
    expect((await json('/api/me', signedOut)).body).toEqual({ user: null })
    expect((await json('/api/projects', signedOut)).status).toBe(401)

    expect((await t.request('/api/auth/revoke-other-sessions', { cookie: kept, json: {} })).status).toBe(200)
    expect((await json('/api/me', revoked)).body).toEqual({ user: null })
    expect((await json('/api/projects', revoked)).status).toBe(401)
    expect((await json('/api/projects', kept)).status).toBe(200)

    expect((await t.request('/api/auth/delete-user', { cookie: kept, json: {} })).status).toBe(200)
    expect((await json('/api/me', kept)).body).toEqual({ user: null })
    expect((await json('/api/projects', kept)).status).toBe(401)
  })

  it('stops once another process ends the session: its row gone and its note heard, no write here', async () => {
    const { cookie } = await owner('fast-elsewhere@example.com')
    await slowThenFast('/api/projects', cookie)
    const mine = await (await t.request('/api/auth/get-session', { cookie })).json()
    expect((await json('/api/me', cookie)).body.user.email).toBe('fast-elsewhere@example.com')
    // What another process's sign-out does: the row deleted, the note sent (no request reaches this app).
    await t.ctx.store.db.delete(session).where(eq(session.id, mine.session.id))
    await t.ctx.events.publish({
      entity: 'sessions',
      op: 'ended',
      ids: [mine.session.id],
      reason: 'signed-out',
    })
    await expect.poll(async () => (await json('/api/projects', cookie)).status, withinTtl).toBe(401)
    expect((await json('/api/me', cookie)).body).toEqual({ user: null })
  })

  it('stops answering a workspace project to a member removed from it (by another process on Postgres)', async () => {
    const team = await seedTeam(t, {
      owner: 'fast-ws@example.com',
      members: { 'fast-member@example.com': 'member' },
    })
    const member = team.members['fast-member@example.com']!
    const project = randomUUID()
    const heard = new Set<string>()
    t.ctx.events.onNote((note) => {
      if (note.entity === 'projects' && 'id' in note) heard.add(note.id)
    })
    expect(
      (
        await t.post('/api/projects/create', team.owner, {
          id: project,
          name: 'Team',
          workspace_id: team.wsId,
        })
      ).status,
    ).toBe(200)
    // The create's note forgets kept answers when it comes back through LISTEN (after the notes of
    // the team's set-up, in order): heard first, so that it cannot forget the answer kept below (a
    // run of the whole suite saw the second list reach the app: the note had come in between).
    await expect.poll(() => heard.has(project)).toBe(true)
    const list = `/api/icons?project_id=${project}`
    const { slow, fast, appCalls } = await slowThenFast(list, member)
    expect([slow.status, fast.status, appCalls]).toEqual([200, 200, 1])
    expect((await slowThenFast('/api/projects', member)).fast.body.toString()).toContain(project)
    const people = await other.get(`/api/workspaces/access-users?workspaceId=${team.wsId}`, team.owner)
    const row = people.body.data.find((p: { email: string }) => p.email === 'fast-member@example.com')
    expect(
      (
        await other.post('/api/workspaces/delete-access', team.owner, {
          workspaceId: team.wsId,
          personId: row.id,
        })
      ).status,
    ).toBe(200)
    await expect.poll(async () => (await get(list, member)).status, withinTtl).toBe(404)
    expect((await get('/api/projects', member)).body.toString()).not.toContain(project)
  })

  it('a session reads its own write through another process at once: the write names its process (ADR 0418)', async () => {
    const { cookie, list, project } = await owner('fast-own@example.com')
    const names = async (c: string) =>
      (await json(list, c)).body.data.map((i: { name: string }) => i.name).sort()
    await names(cookie)
    const res = await other.request('/api/icons/create', {
      cookie,
      json: {
        id: randomUUID(),
        name: 'elsewhere',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2v2H1z"/></svg>',
        project_id: project,
        workspace_id: null,
      },
    })
    expect(res.status).toBe(200)
    const wrote = res.headers.getSetCookie().find((c) => c.startsWith('iv_wrote='))
    // PGlite is one process: nobody else to tell.
    if (kind === 'pglite') return expect(wrote).toBeUndefined()
    expect(wrote).toMatch(/^iv_wrote=[\w-]+; Max-Age=10; Path=\/api; HttpOnly; SameSite=Lax$/)
    const marked = `${cookie}; ${wrote!.split(';')[0]}`
    expect(await names(marked)).toEqual(['big', 'elsewhere', 'star'])
    // This process has not heard of a change yet (what a note on its way looks like: its kept session
    // says the plan before): with the mark of another process's write the session is read afresh.
    await t.setPlan('fast-own@example.com', 'gold')
    await expect.poll(async () => (await json('/api/me', cookie)).body.user.plan, withinTtl).toBe('gold')
    const sessions = sessionAnswers(t.ctx.store.db).sessions
    const token = sessionTokenOf(cookie)!
    const held = sessions.peek(token)
    expect(held?.plan).toBe('gold')
    sessions.forget(token)
    await sessions.through(token, async () => ({
      user: { ...held!, plan: 'pro' },
      expiresAt: Date.now() + 60_000,
    }))
    expect((await json('/api/me', cookie)).body.user.plan).toBe('pro')
    expect((await json('/api/me', marked)).body.user.plan).toBe('gold')
    // The mark of this very process's write changes nothing here (it forgot before answering).
    const heard = new Set<string>()
    t.ctx.events.onNote((note) => {
      if (note.entity === 'projects' && 'id' in note) heard.add(note.id)
    })
    const hereId = randomUUID()
    const here = await t.request('/api/projects/create', {
      cookie,
      json: { id: hereId, name: 'Here', workspace_id: null },
    })
    const own = here.headers
      .getSetCookie()
      .find((c) => c.startsWith('iv_wrote='))!
      .split(';')[0]
    // The write's own note forgets kept answers when it comes back through LISTEN: heard first, so
    // that it cannot forget the answer kept below.
    await expect.poll(() => heard.has(hereId)).toBe(true)
    await json('/api/projects', `${cookie}; ${own}`)
    const before = served.reachedApp()
    expect(
      (await json('/api/projects', `${cookie}; ${own}`)).body.data.map((p: { name: string }) => p.name),
    ).toContain('Here')
    expect(served.reachedApp()).toBe(before)
  })

  it('answers what a write of this process changed at once, and what another process changed within the bound', async () => {
    const { cookie, list, project } = await owner('fast-write@example.com')
    const names = async () => (await json(list, cookie)).body.data.map((i: { name: string }) => i.name).sort()
    expect((await slowThenFast(list, cookie)).appCalls).toBe(1)
    const add = (app: TestApp, name: string) =>
      app.post('/api/icons/create', cookie, {
        id: randomUUID(),
        name,
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2v2H1z"/></svg>',
        project_id: project,
        workspace_id: null,
      })
    expect((await add(t, 'here')).status).toBe(200)
    expect(await names()).toEqual(['big', 'here', 'star'])
    await names() // kept again
    expect((await add(other, 'there')).status).toBe(200)
    await expect.poll(names, withinTtl).toEqual(['big', 'here', 'star', 'there'])
    // A user's row changed by any writer (a trigger's note), and a sign-out through another process.
    await get('/api/me', cookie)
    await other.setPlan('fast-write@example.com', 'gold')
    await expect.poll(async () => (await json('/api/me', cookie)).body.user.plan, withinTtl).toBe('gold')
    expect((await other.request('/api/auth/sign-out', { cookie, json: {} })).status).toBe(200)
    await expect.poll(async () => (await json('/api/me', cookie)).body, withinTtl).toEqual({ user: null })
    expect((await json(list, cookie)).status).toBe(401)
  })
})
