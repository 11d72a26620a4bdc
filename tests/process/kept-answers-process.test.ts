// Answers kept in memory (ADR 0303, "Cheap answers"), through real server processes: GET
// /api/projects, the icon list and /api/me answer 304 to a matching If-None-Match, their brotli and
// gzip bytes decode to the very JSON sent uncompressed, a write is seen by the next read of the
// process that made it, and on Postgres a change made through a second app process is seen by the
// first once its note arrives (well within the kept answers' bound, not after it).
import { randomBytes, randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEPT_TTL_MS } from '../../server/cache/kept-for.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createTestDb, type DbKind, type TestDb } from '../setup/test-db.ts'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET as sent on the wire (fetch would decode the body itself). */
function raw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** Polled every 20 ms, failing unless it holds well within the kept answers' bound (a quarter of it). */
const soon = { interval: 20, timeout: KEPT_TTL_MS / 4, message: `not within ${KEPT_TTL_MS / 4} ms` }

// One body for both kinds, one app process (and its setup) per kind; the Postgres pass adds a second
// process and the test that needs it, so no test of either pass is ever reported skipped.
describe('kept answers through real processes on pglite', () => keptAnswers('pglite'))
postgresOnly('kept answers through real processes on postgres', () => keptAnswers('postgres'))

function keptAnswers(kind: DbKind) {
  let smtp: TestSmtp
  let db: TestDb | null = null
  let first: AppProcess
  let second: AppProcess | null = null
  let user: ApiUser
  const get = (app: AppProcess, path: string, headers: Record<string, string> = {}) =>
    raw(`${app.baseUrl}${path}`, { cookie: user.cookie, ...headers })
  const json = async (app: AppProcess, path: string) => JSON.parse((await get(app, path)).body.toString())
  /** A write through `app`, from its own origin. */
  const post = (app: AppProcess, path: string, body: unknown) =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: app.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const projectNames = async (app: AppProcess) =>
    ((await json(app, '/api/projects')).data as { name: string }[]).map((p) => p.name)

  beforeAll(async () => {
    smtp = await startTestSmtp()
    const env: Record<string, string> = {
      SMTP_URL: smtp.url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    }
    if (kind === 'postgres') {
      db = await createTestDb('postgres')
      if ('databaseUrl' in db.options) env.DATABASE_URL = db.options.databaseUrl
    }
    first = await startApp({ env })
    if (kind === 'postgres') second = await startApp({ env })
    user = await proUserWithProject(first.baseUrl, smtp, `kept-${kind}@example.com`)
    for (let i = 0; i < 8; i++)
      await post(first, '/api/projects/create', {
        id: randomUUID(),
        name: `Project with a long enough name ${i}`,
        description: 'so that the list is over a kilobyte and compressed',
        workspace_id: null,
      })
    for (let i = 0; i < 10; i++)
      await post(first, '/api/icons/create', {
        id: randomUUID(),
        name: `icon ${i}`,
        svg: SVG,
        project_id: user.projectId,
        workspace_id: null,
      })
  }, 120_000)
  afterAll(async () => {
    await second?.stop()
    await first?.stop()
    await smtp?.close()
    await db?.dispose()
  })

  it.each([
    ['/api/projects', true],
    ['icon list', true],
    ['/api/me', false],
  ])('%s: 304 for a matching If-None-Match; compressed bytes decode to the same JSON', async (name, big) => {
    const path = name === 'icon list' ? `/api/icons?project_id=${user.projectId}` : name
    const plain = await get(first, path)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-type']).toBe('application/json')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('private, no-cache')
    const etag = String(plain.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get(first, path)
    expect(again.headers.etag).toBe(etag)
    // Sent whole by compress-json, yet with every header the app adds, a request id of its own included.
    expect(again.headers['x-frame-options']).toBe('DENY')
    expect(again.headers['content-security-policy']).toContain("default-src 'self'")
    expect(again.headers['x-request-id']).toMatch(/^[\w-]{36}$/)
    expect(again.headers['x-request-id']).not.toBe(plain.headers['x-request-id'])
    expect(again.body.equals(plain.body)).toBe(true)

    const br = await get(first, path, { 'accept-encoding': 'br, gzip' })
    const gz = await get(first, path, { 'accept-encoding': 'gzip' })
    if (big) {
      expect(br.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
    } else {
      expect(br.headers['content-encoding']).toBeUndefined()
      expect(br.body.equals(plain.body)).toBe(true)
    }
    for (const r of [br, gz]) {
      expect(r.headers.etag).toBe(etag)
      expect(r.headers.vary).toBe('Accept-Encoding')
    }
    const unchanged = await get(first, path, { 'if-none-match': etag, 'accept-encoding': 'br' })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body.length).toBe(0)
    expect(unchanged.headers.etag).toBe(etag)
    expect(unchanged.headers['cache-control']).toBe('private, no-cache')
    expect(unchanged.headers['x-content-type-options']).toBe('nosniff')
    expect((await get(first, path, { 'if-none-match': '"other"' })).status).toBe(200)
  })

  it('a write is seen by the next read of the process that made it', async () => {
    expect(await projectNames(first)).toContain('Pool')
    expect((await post(first, '/api/projects/update', { id: user.projectId, name: 'Renamed' })).status).toBe(
      200,
    )
    expect(await projectNames(first)).toContain('Renamed')
    expect((await post(first, '/api/projects/update', { id: user.projectId, name: 'Pool' })).status).toBe(200)
    expect(await projectNames(first)).toContain('Pool')
  })

  if (kind !== 'postgres') return
  it('a change through a second process is seen by the first', async () => {
    const app2 = second!
    // The first process keeps its answers (asked twice); the second changes the projects.
    const before = await get(first, '/api/projects')
    expect((await get(first, '/api/projects')).headers.etag).toBe(before.headers.etag)
    const made = randomUUID()
    expect(
      (await post(app2, '/api/projects/create', { id: made, name: 'Made elsewhere', workspace_id: null }))
        .status,
    ).toBe(200)
    await expect.poll(() => projectNames(first), soon).toContain('Made elsewhere')
    expect((await get(first, '/api/projects', { 'if-none-match': String(before.headers.etag) })).status).toBe(
      200,
    )
    expect((await post(app2, '/api/projects/update', { id: made, name: 'Renamed elsewhere' })).status).toBe(
      200,
    )
    await expect.poll(() => projectNames(first), soon).toContain('Renamed elsewhere')
    expect((await post(app2, '/api/projects/delete', { id: made })).status).toBe(200)
    await expect
      .poll(async () => (await projectNames(first)).filter((n) => n.includes('elsewhere')), soon)
      .toEqual([])

    // The icon list is checked against its version on every read: a change elsewhere shows at once.
    const list = `/api/icons?project_id=${user.projectId}`
    const tag = String((await get(first, list)).headers.etag)
    expect(
      (
        await post(app2, '/api/icons/create', {
          id: randomUUID(),
          name: 'drawn elsewhere',
          svg: SVG,
          project_id: user.projectId,
          workspace_id: null,
        })
      ).status,
    ).toBe(200)
    const changed = await get(first, list, { 'if-none-match': tag })
    expect(changed.status).toBe(200)
    expect((JSON.parse(changed.body.toString()).data as { name: string }[]).map((i) => i.name)).toContain(
      'drawn elsewhere',
    )
  })
}
