// A database that blinks (ADR 0306), on a real Postgres server: the LISTEN connection's
// backend terminated, the whole database unreachable (a TCP forwarder cut, as a restart or a
// failover looks from the app), and every backend of a real server process terminated. The process
// stays up, answers 503 while the database is gone, LISTENs again, resumes, and serves again after.
// Declared Postgres-only: PGlite's own loss (its thread) is tested in server/db/pglite-restart.test.ts.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import { isConnectionError } from '../../server/db/connection-errors.ts'
import { LISTENER_APPLICATION_NAME } from '../../server/db/pg-listener.ts'
import { startApp } from '../setup/app-process.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { readSse } from '../setup/sse.ts'
import { startTcpProxy } from '../setup/tcp-proxy.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'

const change = (e: { event: string; data: string }) =>
  e.event === 'change' ? (JSON.parse(e.data) as ChangeEvent) : null

/** Polled every 50 ms for up to 15 s: the positive signal a test waits for. */
const poll = (message: string) => ({ interval: 50, timeout: 15_000, message })

const dbName = (url: string) => new URL(url).pathname.slice(1)

postgresOnly('a database that blinks, on Postgres', () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  const uncaught: unknown[] = []
  const onUncaught = (err: unknown) => uncaught.push(err)

  beforeAll(() => admin.connect())
  afterAll(() => admin.end())
  beforeEach(() => {
    uncaught.length = 0
    process.on('uncaughtException', onUncaught)
  })
  afterEach(() => {
    process.off('uncaughtException', onUncaught)
  })

  it('the listener’s backend terminated: no crash, LISTEN again, resume, and a later change reaches an open stream', async () => {
    const t = await createTestApp('postgres')
    try {
      const watcher = await t.signIn('blink-listen@example.com')
      const writer = await t.signIn('blink-listen@example.com') // another session: it is not echoed to itself
      let resumed = 0
      let resynced = 0
      await t.ctx.store.listen(
        'blink_probe',
        () => {},
        () => resumed++,
      )
      t.ctx.events.onResync(() => resynced++)
      const stream = readSse(await t.request('/api/events', { cookie: watcher }))
      await stream.next((e) => e.event === 'ready')

      const db = dbName((t.dbOptions as { databaseUrl: string }).databaseUrl)
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
        [db, LISTENER_APPLICATION_NAME],
      )
      expect(killed.rowCount).toBe(1)

      await stream.next((e) => e.event === 'pull', 15_000) // the bus resynced: the stream pulls
      expect(resumed).toBe(1)
      expect(resynced).toBe(1)
      const id = randomUUID()
      const created = await t.post('/api/projects/create', writer, { id, name: 'After', workspace_id: null })
      expect(created.status).toBe(200)
      const got = change(await stream.next((e) => change(e)?.entity === 'projects'))
      expect(got).toMatchObject({ op: 'upsert', row: { id, name: 'After' } })
      await stream.close()
      expect(uncaught).toEqual([])
    } finally {
      await t.close()
    }
  }, 60_000)

  it('a backend terminated under an open transaction fails that transaction, not the process', async () => {
    const t = await createTestApp('postgres')
    try {
      const failing = t.ctx.store.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[]
        }
        const pid = rows[0]!.pid
        await admin.query('select pg_terminate_backend($1)', [pid])
        // The client is handed out and idle while its backend goes: the pool does not listen then.
        await expect
          .poll(
            async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount,
            poll('the backend gone'),
          )
          .toBe(0)
        await tx.execute(sql`select 1`)
      })
      const err = await failing.catch((e: unknown) => e)
      expect(isConnectionError(err)).toBe(true)
      expect(await t.ctx.store.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
      expect(uncaught).toEqual([])
    } finally {
      await t.close()
    }
  }, 60_000)

  it('the whole database unreachable: 503s with { error }, readiness 503, then 200 and live changes again', async () => {
    const testDb: TestDb = await createTestDb('postgres')
    const direct = new URL((testDb.options as { databaseUrl: string }).databaseUrl)
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const through = new URL(direct)
    through.hostname = '127.0.0.1'
    through.port = String(proxy.port)
    let t: TestApp | undefined
    try {
      t = await createTestApp(
        'postgres',
        {},
        {
          sameDatabaseAs: { dbOptions: { databaseUrl: through.toString() } } as TestApp,
        },
      )
      const app = t
      const watcher = await app.signIn('blink-all@example.com')
      const writer = await app.signIn('blink-all@example.com')
      const stream = readSse(await app.request('/api/events', { cookie: watcher }))
      await stream.next((e) => e.event === 'ready')
      expect((await app.request('/api/health/ready')).status).toBe(200)

      await proxy.cut()
      await expect
        .poll(async () => (await app.request('/api/health/ready')).status, poll('readiness'))
        .toBe(503)
      const health = await app.request('/api/health')
      expect(health.status).toBe(503)
      expect(await health.json()).toEqual({ error: 'Database unavailable', code: 'unavailable' })
      const refused = await app.request('/api/projects/create', {
        cookie: writer,
        json: { id: randomUUID(), name: 'Lost', workspace_id: null },
      })
      expect(refused.status).toBe(503)
      expect(await refused.json()).toEqual({ error: expect.any(String), code: 'unavailable' })

      await proxy.restore()
      await expect
        .poll(async () => (await app.request('/api/health/ready')).status, poll('readiness'))
        .toBe(200)
      await stream.next((e) => e.event === 'pull', 15_000) // the listener is back and resynced
      const id = randomUUID()
      const created = await app.post('/api/projects/create', writer, { id, name: 'Back', workspace_id: null })
      expect(created.status).toBe(200)
      const got = change(await stream.next((e) => change(e)?.entity === 'projects'))
      expect(got).toMatchObject({ op: 'upsert', row: { id, name: 'Back' } })
      await stream.close()
      expect(uncaught).toEqual([])
    } finally {
      await t?.close()
      await proxy.close()
      await testDb.dispose()
    }
  }, 90_000)

  it('every backend of a real server process terminated: it stays up, recovers and LISTENs again', async () => {
    const testDb = await createTestDb('postgres')
    const url = (testDb.options as { databaseUrl: string }).databaseUrl
    const server = await startApp({
      env: { DATABASE_URL: url, AUTH_SECRET: 'blink-secret-blink-secret-blink-secret-0123' },
    })
    try {
      const signIn = () =>
        fetch(`${server.baseUrl}/api/auth/sign-in/magic-link`, {
          method: 'POST',
          headers: { origin: server.baseUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'blink-process@example.com' }),
        })
      expect((await signIn()).status).toBe(200)
      const listeners = async () =>
        (
          await admin.query('select pid from pg_stat_activity where datname = $1 and application_name = $2', [
            dbName(url),
            LISTENER_APPLICATION_NAME,
          ])
        ).rows as { pid: number }[]
      const [before] = await listeners()
      expect(before).toBeDefined()

      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName(url)],
      )
      expect(killed.rowCount).toBeGreaterThan(1) // the listener and the pool's idle connections

      await expect
        .poll(async () => (await listeners()).some((l) => l.pid !== before!.pid), poll('a new listener'))
        .toBe(true)
      await expect
        .poll(async () => (await fetch(`${server.baseUrl}/api/health/ready`)).status, poll('readiness'))
        .toBe(200)
      expect((await signIn()).status).toBe(200)
      expect(server.child.exitCode).toBeNull()
      expect(server.output()).not.toMatch(/Unhandled|uncaught/i)
    } finally {
      await server.stop()
      await testDb.dispose()
    }
  }, 90_000)
})
