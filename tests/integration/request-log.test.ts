// The structured request log: one JSON line per request (time, request id, method, path without
// the query, status, duration, user id when signed in), errors with their stack, and X-Request-Id
// on every response (the proxy's own only when the proxy is trusted). A line logged while a request is
// handled, by code that knows nothing of Hono, carries the request's id.
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { createLogger, type Logger } from '../../server/log/log.ts'
import { requestLog } from '../../server/middleware/request-log.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

describe('request log', () => {
  let t: TestApp
  let cookie: string
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const logger = createLogger({ level: 'info', format: 'json', destination: sink })
  const appWith = (trustProxy: number) =>
    createApp({
      auth: t.ctx.auth,
      store: t.ctx.store,
      deps: {
        db: t.ctx.store.db,
        events: t.ctx.events,
        mailer: t.ctx.mailer,
        svg: t.ctx.svg,
        heavy: t.ctx.heavy,
        config: { ...t.ctx.config, trustProxy },
        logger,
      },
      logger,
    })

  beforeAll(async () => {
    t = await createTestApp('pglite')
    cookie = await t.signIn('log@example.com')
  })
  afterAll(() => t?.close())

  it('writes one line per request, without the query string, with the user and a request id', async () => {
    const app = appWith(0)
    const res = await app.request('/api/auth/magic-link/verify?token=secret-token-123', {
      headers: { 'x-request-id': 'from-the-client' },
    })
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const me = await app.request('/api/me', { headers: { cookie } })
    const line = lines.find((l) => l.reqId === id)!
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/auth/magic-link/verify',
    })
    expect(typeof line.time).toBe('string')
    expect(typeof line.ms).toBe('number')
    expect(JSON.stringify(lines)).not.toContain('secret-token-123')
    const user = (await me.json()).user
    expect(lines.find((l) => l.reqId === me.headers.get('x-request-id'))).toMatchObject({
      status: 200,
      userId: user.id,
    })
  })

  it('keeps a trusted proxy’s request id, and logs an unexpected error with its stack', async () => {
    const app = appWith(1)
    const res = await app.request('/api/health', { headers: { 'x-request-id': 'proxy-req-7' } })
    expect(res.headers.get('x-request-id')).toBe('proxy-req-7')
    await t.ctx.store.db.execute(sql`alter table projects rename to projects_away`)
    try {
      const failed = await app.request('/api/projects', {
        headers: { cookie, 'x-request-id': 'proxy-req-8' },
      })
      expect(failed.status).toBe(500)
    } finally {
      await t.ctx.store.db.execute(sql`alter table projects_away rename to projects`)
    }
    const error = lines.find((l) => l.reqId === 'proxy-req-8' && l.level === 'error') as {
      err: { stack: string }
    }
    expect(error.err.stack).toContain('Failed query')
    expect(lines.find((l) => l.reqId === 'proxy-req-8' && l.msg === 'request')).toMatchObject({ status: 500 })
  })

  it('gives a line logged inside a request (domain code, after awaits) that request’s id, and no other', async () => {
    /** Domain code: the logger only, no Hono context. */
    const work = async (log: Logger, name: string) => {
      await new Promise((r) => setTimeout(r, 5))
      log.warn({ name }, 'domain work')
      await Promise.resolve()
      log.info({ name, reqId: 'given' }, 'an id passed on purpose wins')
    }
    const app = new Hono()
    app.use(requestLog(logger, { trustRequestId: true }))
    app.get('/work/:name', async (c) => {
      await work(logger, c.req.param('name'))
      return c.text('ok')
    })
    await Promise.all([
      app.request('/work/a', { headers: { 'x-request-id': 'req-a' } }),
      app.request('/work/b', { headers: { 'x-request-id': 'req-b' } }),
    ])
    const domain = lines.filter((l) => l.msg === 'domain work')
    expect(domain).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'a', reqId: 'req-a', level: 'warn' }),
        expect.objectContaining({ name: 'b', reqId: 'req-b', level: 'warn' }),
      ]),
    )
    expect(lines.filter((l) => l.msg === 'an id passed on purpose wins').map((l) => l.reqId)).toEqual([
      'given',
      'given',
    ])
    // Outside a request no id is made up.
    logger.info('between requests')
    expect(lines.find((l) => l.msg === 'between requests')).not.toHaveProperty('reqId')
  })
})
