// The database's troubles are logged through the server's logger, as JSON lines like every other
// (ADR 0014): a lost listening connection (warn) and a notification handler that throws (error).
// Postgres only: PGlite in a test has no connection to lose.
import { Writable } from 'node:stream'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openStore, type Store } from '../../server/db/client.ts'
import { LISTENER_APPLICATION_NAME } from '../../server/db/pg-listener.ts'
import { createLogger } from '../../server/log/log.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'

postgresOnly('database log lines', () => {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  let testDb: TestDb
  let store: Store

  beforeAll(async () => {
    testDb = await createTestDb('postgres')
    store = await openStore(
      testDb.options,
      createLogger({ level: 'info', format: 'json', destination: sink }),
    )
  })
  afterAll(async () => {
    await store?.close()
    await testDb?.dispose()
  })

  it('logs a throwing notification handler, and a lost listener, as JSON lines', async () => {
    const heard: string[] = []
    await store.listen('log_test', (payload) => {
      heard.push(payload)
      if (payload === 'boom') throw new Error('handler broke')
    })
    await store.notify('log_test', 'boom')
    await expect
      .poll(() => lines.find((l) => l.msg === 'notification handler failed'))
      .toMatchObject({
        level: 'error',
        channel: 'log_test',
        err: { message: 'handler broke' },
      })

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      const db = new URL((testDb.options as { databaseUrl: string }).databaseUrl).pathname.slice(1)
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
        [db, LISTENER_APPLICATION_NAME],
      )
    } finally {
      await admin.end()
    }
    await expect
      .poll(() => lines.find((l) => l.msg === 'postgres listener lost its connection'), { timeout: 10_000 })
      .toMatchObject({ level: 'warn', err: { message: expect.any(String) } })
    // It listens again: a later note is heard.
    await expect
      .poll(
        async () => {
          await store.notify('log_test', 'again')
          return heard.includes('again')
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true)
  })
})
