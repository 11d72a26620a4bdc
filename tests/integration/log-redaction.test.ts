// No API token reaches the log (ADR 0014, 0021), on PGlite and Postgres: the app and the Iconify fast path
// served over real HTTP with the real logger writing into a sink, a token sent in its path in every
// spelling a client can give it (case, doubled and encoded slashes, a percent-encoded prefix, encoded
// twice), answered 200, 304, 401, 404 or, with the tokens' table away, 500 with an error line: no
// written line holds the token, in any spelling.
import { randomUUID } from 'node:crypto'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { getRequestListener } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { iconifyFastPath } from '../../server/iconify-fast-path.ts'
import { createLogger } from '../../server/log/log.ts'
import { scrubTokens } from '../../server/log/log-redact.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

/** Paths carrying `token` (`ivt_` + body), each spelled as a client may send it. */
const spellings = (token: string) => {
  const body = token.slice('ivt_'.length)
  return [
    `/api/iconify/${token}/collections`,
    `/api/iconify/${token}/log-set.json?icons=star`,
    `/api/iconify/${token}/log-set/star.svg`,
    `/API/iconify/${token}/collections`,
    `/api/ICONIFY/${token}/collections`,
    `/API/ICONIFY/IVT_${body}/collections`,
    `/api//iconify/${token}/collections`,
    `//api/iconify/${token}/collections`,
    `/api/iconify//${token}/collections`,
    `/api/iconify%2F${token}/collections`,
    `/api%2Ficonify%2F${token}%2Fcollections`,
    `/api/iconify/%69vt_${body}/collections`,
    `/api/iconify/%49%56%54%5F${body}/collections`,
    `/api/iconify/i%76t%5f${body}/collections`,
    `/api/iconify/%2569vt_${body}/collections`,
    `/api/iconify/x;${token}/collections`,
    `/api/iconify/${token}`,
    `/api/iconify/${token}/`,
    `/api/icons/${token}`,
    `/${token}`,
  ]
}

function redactionFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let base: string
  let close: () => Promise<unknown>
  const written: string[] = []

  /** A GET over real HTTP with the path exactly as given (not parsed as a URL). */
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(base)
      const req = request({ hostname, port, path })
      req.on('response', (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject).end()
    })
  const requestLines = () => written.map((l) => JSON.parse(l) as Json).filter((l) => l.msg === 'request')
  const expectNoToken = (token: string) => {
    const text = written.join('\n')
    expect(text).not.toContain(token.slice('ivt_'.length))
    expect(text).not.toMatch(/ivt_/i)
    // Nor in an encoded spelling (%69vt_, %2569vt_, …): the logger's own pass finds nothing to scrub.
    expect(scrubTokens(text)).toBe(text)
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('log-redaction@example.com')
    await t.setPlan('log-redaction@example.com', 'pro')
    const project = randomUUID()
    expect(
      (await t.post('/api/projects/create', owner, { id: project, name: 'Log set', workspace_id: null }))
        .status,
    ).toBe(200)
    const icon = { id: randomUUID(), name: 'star', svg: STAR, project_id: project, workspace_id: null }
    expect((await t.post('/api/icons/create', owner, icon)).status).toBe(200)
    // The real logger (JSON lines), writing into a sink instead of stdout.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    })
    const logger = createLogger({ level: 'info', format: 'json', destination: sink })
    const { auth, store, events, mailer, svg, config, heavy } = t.ctx
    const app = createApp({
      auth,
      store,
      deps: { db: store.db, events, mailer, svg, config, logger, heavy },
      logger,
    })
    const fastPath = iconifyFastPath({ db: t.ctx.store.db, logger, trustRequestId: false })
    const listener = getRequestListener(app.fetch)
    const server = createServer((req, res) => {
      if (!fastPath(req, res)) listener(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => new Promise((resolve) => server.close(resolve))
  })
  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  it('logs every request of a token in any spelling of its path, and never the token', async () => {
    const made = await t.post('/api/tokens/create', owner, { name: 'Pages', scope: 'read' })
    expect(made.status).toBe(200)
    const token = made.body.data.token as string
    const paths = spellings(token)
    const before = requestLines().length
    const statuses: number[] = []
    for (const path of paths) statuses.push(await get(path))
    // Twice more: the kept answers go out through the fast path, which writes its own lines.
    for (const path of paths.slice(0, 3)) statuses.push(await get(path))
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
    expect(statuses).toContain(404)
    expect(requestLines().length - before).toBe(statuses.length)
    expect(requestLines().some((l) => l.path === '/api/iconify/[token]/collections')).toBe(true)
    expectNoToken(token)
  })

  it('writes an unexpected error’s line (path, message, stack) without the token', async () => {
    const token = `ivt_${randomUUID().replaceAll('-', '')}Zz9`
    await t.ctx.store.db.execute(sql`alter table api_tokens rename to api_tokens_away`)
    const statuses: number[] = []
    try {
      for (const path of spellings(token)) statuses.push(await get(path))
    } finally {
      await t.ctx.store.db.execute(sql`alter table api_tokens_away rename to api_tokens`)
    }
    expect(statuses).toContain(500)
    const errors = written.map((l) => JSON.parse(l) as Json).filter((l) => l.msg === 'unhandled error')
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.every((l) => typeof l.path === 'string' && l.err?.stack)).toBe(true)
    expectNoToken(token)
  })
}

describe('log redaction on pglite', () => redactionFlow('pglite'))
postgresOnly('log redaction on postgres', () => redactionFlow('postgres'))
