// The Postgres pool's queue (pg-pool.ts, ADR 0417): with every connection busy, a writing request's
// query goes before the reads that were waiting (a read after every few writes in a row, however
// many wait), a read before a large list's pages (bulk), and each kind keeps its order.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { postgresOnly } from '../../tests/setup/postgres-only.ts'
import { createLogger } from '../log/log.ts'
import { PriorityPool, watchedPool } from './pg-pool.ts'
import { WRITES_BEFORE_A_READ } from './priority-line.ts'
import { withQueryPriority } from './query-priority.ts'

postgresOnly('PriorityPool', () => {
  let pool: PriorityPool
  beforeAll(() => {
    pool = new PriorityPool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 })
  })
  afterAll(() => pool.end())

  test('a write queued after two reads is answered before them; the reads in their order', async () => {
    const held = await pool.connect()
    const answered: string[] = []
    const ask = (name: string) =>
      pool.query('select $1::text as name', [name]).then((r) => answered.push(r.rows[0].name))
    const queued = [ask('read 1'), ask('read 2'), withQueryPriority('write', () => ask('write'))]
    expect(pool.waitingCount).toBe(3)
    held.release()
    await Promise.all(queued)
    expect(answered).toEqual(['write', 'read 1', 'read 2'])
  })

  test(`a read waiting is passed by ${WRITES_BEFORE_A_READ} writes at most`, async () => {
    const held = await pool.connect()
    const answered: string[] = []
    const ask = (name: string) =>
      pool.query('select $1::text as name', [name]).then((r) => answered.push(r.rows[0].name))
    const writes = Array.from({ length: WRITES_BEFORE_A_READ + 2 }, (_, i) => `write ${i + 1}`)
    const queued = [ask('read'), ...writes.map((w) => withQueryPriority('write', () => ask(w)))]
    held.release()
    await Promise.all(queued)
    const n = WRITES_BEFORE_A_READ
    expect(answered).toEqual([...writes.slice(0, n), 'read', ...writes.slice(n)])
  })

  test('however many reads wait, a write waits for one of them at most', async () => {
    const held = await pool.connect()
    const answered: string[] = []
    const ask = (name: string) =>
      pool.query('select $1::text as name', [name]).then((r) => answered.push(r.rows[0].name))
    const n = WRITES_BEFORE_A_READ
    const reads = Array.from({ length: 10 }, (_, i) => `read ${i + 1}`)
    const writes = Array.from({ length: n + 2 }, (_, i) => `write ${i + 1}`)
    const queued = [...reads.map(ask), ...writes.map((w) => withQueryPriority('write', () => ask(w)))]
    held.release()
    await Promise.all(queued)
    expect(answered).toEqual([...writes.slice(0, n), 'read 1', ...writes.slice(n), ...reads.slice(1)])
  })

  test('a caller whose wait for a connection timed out leaves the queue; the others are served', async () => {
    const timed = new PriorityPool({
      connectionString: process.env.TEST_DATABASE_URL,
      max: 1,
      connectionTimeoutMillis: 200,
    })
    try {
      const held = await timed.connect()
      const late = timed.query('select 1').then(
        () => 'answered',
        (error: Error) => error.message,
      )
      expect(await late).toMatch(/timeout/)
      expect(timed.waitingCount).toBe(0)
      const write = withQueryPriority('write', () => timed.query("select 'write' as name"))
      expect(timed.waitingCount).toBe(1)
      held.release()
      expect((await write).rows[0].name).toBe('write')
    } finally {
      await timed.end()
    }
  })

  test("a read queued after two bulk reads (a list's pages) is answered before them", async () => {
    const held = await pool.connect()
    const answered: string[] = []
    const ask = (name: string) =>
      pool.query('select $1::text as name', [name]).then((r) => answered.push(r.rows[0].name))
    const queued = [
      withQueryPriority('bulk', () => ask('page 2')),
      withQueryPriority('bulk', () => ask('page 3')),
      ask('read'),
      withQueryPriority('bulk', () => ask('page 4')),
    ]
    held.release()
    await Promise.all(queued)
    expect(answered).toEqual(['read', 'page 2', 'page 3', 'page 4'])
  })

  test('a transaction of a write waits behind one holding the connection, then goes first', async () => {
    const held = await pool.connect()
    const order: string[] = []
    const read = pool.query('select 1').then(() => order.push('read'))
    const write = withQueryPriority('write', async () => {
      const client = await pool.connect()
      order.push('write begins')
      client.release()
    })
    held.release()
    await Promise.all([read, write])
    expect(order).toEqual(['write begins', 'read'])
  })
})

postgresOnly('watchedPool', () => {
  test('every connection of both pools runs without JIT, from its first query on', async () => {
    const { pool, deliveryPool } = watchedPool(
      process.env.TEST_DATABASE_URL!,
      createLogger({ level: 'silent', format: 'json' }),
    )
    try {
      for (const p of [pool, deliveryPool]) {
        // Several connections at once, each asked at once after it connected.
        const held = await Promise.all([p.connect(), p.connect()])
        const settings = await Promise.all(
          held.map((client) =>
            client.query("select current_setting('jit') as jit").finally(() => client.release()),
          ),
        )
        expect(settings.map((r) => r.rows[0].jit)).toEqual(['off', 'off'])
      }
    } finally {
      await Promise.all([pool.end(), deliveryPool.end()])
    }
  })

  test('statements sent together (pipelined, ADR 0424): one failing fails its transaction only, which rolls back whole, and the connection serves the next', async () => {
    const { pool, deliveryPool } = watchedPool(
      process.env.TEST_DATABASE_URL!,
      createLogger({ level: 'silent', format: 'json' }),
    )
    try {
      const client = await pool.connect()
      expect(client.pipeline).toBe(true)
      try {
        await client.query('create temp table sent_together (x int)')
        await client.query('begin')
        const sent = [
          client.query('insert into sent_together values (1)'),
          client.query('select 1 / 0'),
          client.query('insert into sent_together values (2)'),
        ]
        const settled = await Promise.allSettled(sent)
        expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected'])
        expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/)
        expect(String((settled[2] as PromiseRejectedResult).reason)).toMatch(/transaction is aborted/)
        await client.query('rollback')
        // Sent together again, answered in order: nothing of the failed transaction was kept.
        const [count, two] = await Promise.all([
          client.query('select count(*)::int as n from sent_together'),
          client.query('select 2 as n'),
        ])
        expect([count.rows[0].n, two.rows[0].n]).toEqual([0, 2])
      } finally {
        client.release()
      }
    } finally {
      await Promise.all([pool.end(), deliveryPool.end()])
    }
  })
})
