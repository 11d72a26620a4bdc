// The Iconify fast path (server/iconify-fast-path.ts, ADR 0021) over real HTTP, on PGlite and Postgres: a
// token's repeated GET is answered without reaching the app, with the bytes and headers the route
// sent (ETag, 304, brotli, CORS, sandboxed SVG), a request id and a log line without the token; it
// never outlives what it answered for: a rename or a new icon, a revocation (through the app, and
// written straight to the database as another process would: the trigger's note, migration 0014),
// an expiry, the per-token limit; on Postgres, a second process's write reaches the first's fast path.
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { Writable } from 'node:stream'
import { brotliDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens } from '../../server/db/schema/index.ts'
import { createLogger } from '../../server/log/log.ts'
import { TOKEN_LIMIT } from '../../server/middleware/rate-limit.ts'
import { type FastPathServer, fastPathServer } from '../setup/fast-path-server.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>'
const BOX = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 3h18v18H3z"/></svg>'

/** An icon whose answer passes the 1 KB from which answers are compressed. */
const BIG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${Array.from(
  { length: 120 },
  (_, i) => `M${i % 20} ${(i * 7) % 20}h2v3h-2z`,
).join('')}"/></svg>`

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function fastPathFlow(kind: DbKind) {
  let t: TestApp
  let served: FastPathServer
  let base: string
  let owner: string
  const lines: Json[] = []
  const project = randomUUID()
  /** Ids of the icon notes this process heard (a write's own note comes back through LISTEN). */
  const heard = new Set<string>()

  /** A GET over real HTTP, as iconify-icon sends it (another origin, no cookie). */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      // The path as given, not parsed as a URL (which would resolve dot segments).
      const { hostname, port } = new URL(base)
      const req = request({
        hostname,
        port,
        path,
        method,
        headers: { origin: 'https://elsewhere.example', ...headers },
      })
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      req.on('error', reject).end()
    })
  /** The same GET twice: the first through the app, the second by the fast path. */
  const twice = async (path: string, headers: Record<string, string> = {}) => {
    const before = served.reachedApp()
    const first = await get(path, headers)
    const second = await get(path, headers)
    return { first, second, appCalls: served.reachedApp() - before }
  }
  const makeToken = async (body: Json) => {
    const res = await t.post('/api/tokens/create', owner, body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data as { id: string; token: string }
  }
  const icon = (name: string, svg: string) => ({
    id: randomUUID(),
    name,
    svg,
    project_id: project,
    workspace_id: null,
  })
  const sameHeaders = (a: Answer, b: Answer) => {
    const drop = new Set(['x-request-id', 'date', 'connection', 'keep-alive'])
    const of = (x: Answer) => Object.entries(x.headers).filter(([name]) => !drop.has(name))
    expect(of(b)).toEqual(of(a))
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    t.ctx.events.onNote((note) => {
      if (note.entity !== 'icons') return
      if (note.op === 'upsert-many') for (const id of note.ids) heard.add(id)
      else heard.add(note.id)
    })
    owner = await t.signIn('fast-owner@example.com')
    await t.setPlan('fast-owner@example.com', 'pro')
    const created = await t.post('/api/projects/create', owner, {
      id: project,
      name: 'Fast set',
      workspace_id: null,
    })
    expect(created.status).toBe(200)
    for (const i of [icon('star', STAR), icon('box', BOX), icon('big', BIG)])
      expect((await t.post('/api/icons/create', owner, i)).status).toBe(200)
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    served = await fastPathServer(t, createLogger({ level: 'info', format: 'json', destination: sink }))
    base = served.base
  })
  afterAll(async () => {
    await served?.close()
    await t?.close()
  })

  it('sends a repeated GET itself: the same bytes and headers, 304 and brotli, logged without the token', async () => {
    const { token } = await makeToken({ name: 'fast', scope: 'read' })
    const path = `/api/iconify/${token}/fast-set.json?icons=star,box`
    const plain = await twice(path)
    expect(plain.appCalls).toBe(1)
    expect(plain.second.status).toBe(200)
    expect(plain.second.body.equals(plain.first.body)).toBe(true)
    sameHeaders(plain.first, plain.second)
    expect(plain.second.headers['access-control-allow-origin']).toBe('*')
    expect(plain.second.headers['x-content-type-options']).toBe('nosniff')
    expect(plain.second.headers['x-request-id']).not.toBe(plain.first.headers['x-request-id'])
    expect(Object.keys((JSON.parse(plain.second.body.toString()) as Json).icons).sort()).toEqual([
      'box',
      'star',
    ])

    const etag = String(plain.first.headers.etag)
    const revalidated = await twice(path, { 'if-none-match': etag })
    expect(revalidated.appCalls).toBe(0)
    expect(revalidated.second.status).toBe(304)
    expect(revalidated.second.body.length).toBe(0)
    expect(revalidated.second.headers.etag).toBe(etag)

    const large = `/api/iconify/${token}/fast-set.json?icons=star,big`
    const whole = await get(large)
    const packed = await twice(large, { 'accept-encoding': 'gzip, br' })
    expect(packed.appCalls).toBe(0)
    expect(packed.second.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(packed.second.body).equals(whole.body)).toBe(true)
    sameHeaders(packed.first, packed.second)

    const svg = await twice(`/api/iconify/${token}/fast-set/star.svg`)
    expect(svg.appCalls).toBe(1)
    sameHeaders(svg.first, svg.second)
    expect(svg.second.headers['content-security-policy']).toContain('sandbox')
    expect(svg.second.body.equals(svg.first.body)).toBe(true)

    const logged = lines.filter((l) => l.msg === 'request')
    expect(logged.length).toBeGreaterThanOrEqual(5)
    expect(logged.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/iconify/[token]/fast-set/star.svg',
      status: 200,
    })
    expect(JSON.stringify(lines)).not.toContain(token)
  })

  it('answers a CORS preflight over HTTP and keeps what it kept: the next GET is still the fast path’s', async () => {
    const { token } = await makeToken({ name: 'preflight', scope: 'read' })
    const path = `/api/iconify/${token}/fast-set.json?icons=box`
    expect((await twice(path)).appCalls).toBe(1)
    const preflight = await get(
      path,
      { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-custom' },
      'OPTIONS',
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    expect(preflight.headers['access-control-allow-headers']).toBe('x-custom')
    const before = served.reachedApp()
    expect((await get(path)).status).toBe(200)
    expect(served.reachedApp() - before).toBe(0)
  })

  it('keeps nothing for a URL the app resolved (dot segments): every such GET goes to the app', async () => {
    const { token } = await makeToken({ name: 'dots', scope: 'read' })
    const path = `/api/iconify/${token}/elsewhere/../fast-set.json?icons=star`
    const { first, second, appCalls } = await twice(path)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(appCalls).toBe(2)
  })

  it('never outlives a change: a rename and a new icon through the app', async () => {
    const { token } = await makeToken({ name: 'changes', scope: 'read' })
    const path = `/api/iconify/${token}/fast-set.json?icons=star,box,sun`
    const { second } = await twice(path)
    expect((JSON.parse(second.body.toString()) as Json).not_found).toEqual(['sun'])
    const sun = icon('sun', BOX)
    expect((await t.post('/api/icons/create', owner, sun)).status).toBe(200)
    // The create's own note forgets every kept answer when it comes back: heard before the GETs, so
    // that it cannot forget the answer they keep.
    await expect.poll(() => heard.has(sun.id)).toBe(true)
    const after = await twice(path)
    expect(after.appCalls).toBe(1)
    expect(Object.keys((JSON.parse(after.second.body.toString()) as Json).icons).sort()).toEqual([
      'box',
      'star',
      'sun',
    ])
    expect((await t.post('/api/icons/update', owner, { id: sun.id, name: 'sunny' })).status).toBe(200)
    const renamed = JSON.parse((await get(path)).body.toString()) as Json
    expect(renamed.aliases).toEqual({ sun: { parent: 'sunny' } })
  })

  it('refuses a token revoked through the app, or in the database by another writer, at once', async () => {
    const viaApp = await makeToken({ name: 'revoked here', scope: 'read' })
    const path = (token: string) => `/api/iconify/${token}/fast-set.json?icons=star`
    expect((await twice(path(viaApp.token))).second.status).toBe(200)
    expect((await t.post('/api/tokens/revoke', owner, { id: viaApp.id })).status).toBe(200)
    const refused = await get(path(viaApp.token))
    expect(refused.status).toBe(401)
    expect((JSON.parse(refused.body.toString()) as Json).code).toBe('token_revoked')

    // Written straight to the database (as another process, a script or an operator would): only
    // the trigger's change note can tell this process.
    const elsewhere = await makeToken({ name: 'revoked elsewhere', scope: 'read' })
    expect((await twice(path(elsewhere.token))).second.status).toBe(200)
    await t.ctx.store.db
      .update(apiTokens)
      .set({ revoked_at: new Date() })
      .where(eq(apiTokens.id, elsewhere.id))
    await expect.poll(async () => (await get(path(elsewhere.token))).status).toBe(401)
  })

  it('refuses a token once it has expired, without a change note', async () => {
    // Made with its expiry (no later update, so no note to wait for): its answer is kept until then.
    // Wall time is what expiry is about: the window only has to hold one kept answer on a busy machine.
    const windowMs = 8000
    const expiresAt = Date.now() + windowMs
    const { token } = await makeToken({
      name: 'expiring',
      scope: 'read',
      expires_at: new Date(expiresAt).toISOString(),
    })
    const path = `/api/iconify/${token}/fast-set.json?icons=box`
    // Kept once the route has answered and the fast path sends the second (a note of an earlier test's
    // write heard in between forgets it: the pair is asked again).
    await expect
      .poll(
        async () => {
          const { second, appCalls } = await twice(path)
          return second.status === 200 && appCalls === 1
        },
        { timeout: windowMs - 1000, interval: 50 },
      )
      .toBe(true)
    await expect.poll(async () => (await get(path)).status, { timeout: windowMs + 15_000 }).toBe(401)
  })

  it('counts its answers against the token limit: the one past it is the route 429', async () => {
    const { token } = await makeToken({ name: 'busy', scope: 'read' })
    const path = `/api/iconify/${token}/fast-set.json?icons=box`
    const before = served.reachedApp()
    const statuses: number[] = []
    for (let i = 0; i < TOKEN_LIMIT.max; i++) statuses.push((await get(path)).status)
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(served.reachedApp() - before).toBe(1)
    const over = await get(path)
    expect(over.status).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
  })
}

describe('Iconify fast path on pglite', () => fastPathFlow('pglite'))
postgresOnly('Iconify fast path on postgres', () => {
  fastPathFlow('postgres')

  describe('two processes on one database', () => {
    let a: TestApp
    let b: TestApp
    let served: FastPathServer
    beforeAll(async () => {
      a = await createTestApp('postgres')
      b = await createTestApp('postgres', {}, { sameDatabaseAs: a })
      served = await fastPathServer(a, a.ctx.logger)
    })
    afterAll(async () => {
      await served?.close()
      await b?.close()
      await a?.close()
    })

    it("another process's new icon and revocation reach this process's fast path", async () => {
      const owner = await a.signIn('fast-two@example.com')
      await a.setPlan('fast-two@example.com', 'pro')
      const project = randomUUID()
      expect(
        (await a.post('/api/projects/create', owner, { id: project, name: 'Two', workspace_id: null }))
          .status,
      ).toBe(200)
      const made = await a.post('/api/tokens/create', owner, { name: 'two', scope: 'read' })
      const { id, token } = made.body.data as { id: string; token: string }
      const fetchJson = async () => {
        const res = await fetch(`${served.base}/api/iconify/${token}/two.json?icons=box`)
        return { status: res.status, body: (await res.json()) as Json }
      }
      expect((await fetchJson()).body.not_found).toEqual(['box'])
      const kept = served.reachedApp()
      expect((await fetchJson()).body.not_found).toEqual(['box'])
      expect(served.reachedApp()).toBe(kept)
      const box = { id: randomUUID(), name: 'box', svg: BOX, project_id: project, workspace_id: null }
      expect((await b.post('/api/icons/create', owner, box)).status).toBe(200)
      await expect.poll(async () => Object.keys((await fetchJson()).body.icons ?? {})).toEqual(['box'])
      expect((await b.post('/api/tokens/revoke', owner, { id })).status).toBe(200)
      await expect.poll(async () => (await fetchJson()).status).toBe(401)
    })
  })
})
