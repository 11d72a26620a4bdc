// The embedded database's thread dies (ADR 0306): calls fail at once with a connection error (the app
// answers 503), readiness answers 503, a new thread starts on the same folder with backoff, LISTENs
// again and resumes its listeners; the data and notifications work as before.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Db, Store } from '../../server/db/client.ts'
import { isConnectionError } from '../../server/db/connection-errors.ts'
import { PgliteRemote } from '../../server/db/pglite-remote.ts'
import { seedFromTemplate } from '../../server/db/pglite-template.ts'
import { envLogger } from '../../server/log/log.ts'
import { healthRoutes } from '../../server/routes/health.ts'

const dir = mkdtempSync(join(tmpdir(), 'iconvault-thread-restart-'))
let remote: PgliteRemote

beforeAll(async () => {
  await seedFromTemplate(join(dir, 'pglite'))
  remote = await PgliteRemote.open(join(dir, 'pglite'), envLogger())
  await remote.query('create table kept (id int primary key)')
  await remote.query('insert into kept values (1)')
}, 60_000)

afterAll(async () => {
  await remote?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Polled every 50 ms for up to 30 s (a thread restarts in well under that). */
const poll = (message: string) => ({ interval: 50, timeout: 30_000, message })

test('a dead thread fails calls and readiness at once, restarts, LISTENs again and resumes', async () => {
  // The store's view of the thread, as client.ts builds it, for the health route.
  const store = {
    kind: 'pglite',
    db: drizzle(remote.asPglite()) as unknown as Db,
    lastAnswer: () => remote.lastAnswer,
    lastLoss: () => remote.lastLoss,
  } as Store
  const health = healthRoutes(store)
  const payloads: string[] = []
  let resumed = 0
  await remote.listen(
    'blink',
    (p) => payloads.push(p),
    () => resumed++,
  )
  expect((await health.request('/ready')).status).toBe(200)

  await remote.terminateThread()
  const failed = await remote.query('select 1').catch((err: unknown) => err)
  expect(isConnectionError(failed)).toBe(true)
  const ready = await health.request('/ready')
  expect(ready.status).toBe(503)
  expect(await ready.json()).toEqual({ error: 'Database unavailable', code: 'unavailable' })

  await expect.poll(() => resumed, poll('the listeners resumed')).toBe(1)
  expect((await health.request('/ready')).status).toBe(200)
  expect(await remote.query('select id from kept')).toMatchObject({ rows: [{ id: 1 }] })
  await remote.query(`select pg_notify('blink', 'after')`)
  await expect.poll(() => payloads, poll('a notification on the new thread')).toContain('after')
  expect(await store.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
}, 60_000)
