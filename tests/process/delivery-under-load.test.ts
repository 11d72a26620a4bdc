// Live delivery's reads (Store.deliveryDb, ADR 0307) never wait behind the requests' queue: on
// PGlite's thread they are served before the ordinary queries waiting (but never inside another's
// transaction); on Postgres they have a pool of their own, watched like the main one (ADR 0306).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Db, openStore, type Store } from '../../server/db/client.ts'
import { DELIVERY_APPLICATION_NAME } from '../../server/db/pg-pool.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestStore } from '../setup/test-db.ts'

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

describe('on PGlite’s thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'iconvault-delivery-urgent-'))
  let store: Store

  beforeAll(async () => {
    store = await openStore({ dataDir: dir })
    await store.db.execute(sql`create table lane_t (id int primary key, n int not null)`)
    await store.db.execute(sql`insert into lane_t values (1, 0)`)
  }, 60_000)

  afterAll(async () => {
    await store?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** 50 slow ordinary queries sent at once; `done` counts those answered. */
  function slowQueue() {
    let done = 0
    const all = Array.from({ length: 50 }, () =>
      store.db.execute(sql`select pg_sleep(0.05)`).then(() => {
        done++
      }),
    )
    return { done: () => done, all: Promise.all(all) }
  }

  test('an ordinary query sent after 50 slow ones waits for all of them (the queue delivery skips)', async () => {
    const queue = slowQueue()
    await store.db.execute(sql`select 1`)
    expect(queue.done()).toBe(50)
    await queue.all
  })

  test('a delivery read sent after 50 slow ordinary queries answers while most of them still wait', async () => {
    const queue = slowQueue()
    const [row] = await rows<{ n: number }>(store.deliveryDb, sql`select n from lane_t where id = 1`)
    expect(row).toEqual({ n: 0 })
    // It waited for the query in progress (and those done before its message was read), not the queue.
    expect(queue.done()).toBeLessThan(10)
    await queue.all
    expect(queue.done()).toBe(50)
  })

  test('a delivery read waits for the open transaction, never runs inside it', async () => {
    let read: { n: number }[] | null = null
    let readEarly = false
    const tx = store.db
      .transaction(async (t) => {
        await t.execute(sql`update lane_t set n = 99 where id = 1`)
        const reading = rows<{ n: number }>(store.deliveryDb, sql`select n from lane_t where id = 1`).then(
          (r) => {
            read = r
          },
        )
        // The thread reads its messages in order: this answer means the read has reached it.
        await t.execute(sql`select 1`)
        readEarly = read !== null
        void reading
        throw new Error('roll back')
      })
      .catch(() => {})
    await tx
    expect(readEarly).toBe(false)
    // Once the transaction has rolled back, the read sees what it left: nothing of it.
    await expect.poll(() => read).toEqual([{ n: 0 }])
  })

  test('a delivery transaction is served before the queue and commits', async () => {
    const queue = slowQueue()
    await store.deliveryDb.transaction(async (t) => {
      await t.execute(sql`update lane_t set n = n + 1 where id = 1`)
    })
    expect(queue.done()).toBeLessThan(10)
    await queue.all
    expect(await rows(store.db, sql`select n from lane_t where id = 1`)).toEqual([{ n: 1 }])
  })
})

postgresOnly('on Postgres', () => {
  let store: Store & { dispose(): Promise<void> }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })

  beforeAll(async () => {
    store = await createTestStore('postgres')
    await admin.connect()
  })

  afterAll(async () => {
    await admin.end()
    await store?.dispose()
  })

  test('with the main pool’s 10 connections held by open transactions, a delivery read answers', async () => {
    const release = gate()
    const entered: Promise<void>[] = []
    const held = Array.from({ length: 10 }, () => {
      const inside = gate()
      entered.push(inside.opened)
      return store.db.transaction(async (t) => {
        await t.execute(sql`select 1`)
        inside.open()
        await release.opened
      })
    })
    await Promise.all(entered)
    let queuedDone = false
    const queued = store.db.execute(sql`select 1`).then(() => {
      queuedDone = true
    })
    try {
      const [row] = await rows<{ app: string; busy: number }>(
        store.deliveryDb,
        sql`select current_setting('application_name') as app,
          (select count(*)::int from pg_stat_activity
            where datname = current_database() and state = 'idle in transaction') as busy`,
      )
      expect(row).toEqual({ app: DELIVERY_APPLICATION_NAME, busy: 10 })
      expect(queuedDone).toBe(false) // the main pool was saturated: its 11th query was still waiting
    } finally {
      release.open()
      await Promise.all(held)
      await queued
    }
  })

  test('a delivery connection’s backend terminated: no crash, counted as a loss, the next read answers', async () => {
    const uncaught: unknown[] = []
    const onUncaught = (err: unknown) => uncaught.push(err)
    process.on('uncaughtException', onUncaught)
    try {
      const [row] = await rows<{ pid: number }>(store.deliveryDb, sql`select pg_backend_pid() as pid`)
      const lossBefore = store.lastLoss()
      await admin.query('select pg_terminate_backend($1)', [row!.pid])
      await expect.poll(() => store.lastLoss(), { timeout: 10_000 }).toBeGreaterThan(lossBefore)
      expect(await rows(store.deliveryDb, sql`select 1 as one`)).toEqual([{ one: 1 }])
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
