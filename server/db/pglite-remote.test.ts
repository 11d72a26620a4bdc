// DATA_DIR's database in its own thread (pglite-remote.ts, ADR 0304), through the store drizzle
// uses: queries and their types, transactions that hold the connection (row locks, rollback), NOTIFY
// delivered on commit only, Postgres errors with their code, the backup dump, the data-dir lock,
// and the event loop staying free while Postgres works.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStore, type Store } from './client.ts'

const dir = mkdtempSync(join(tmpdir(), 'iconvault-remote-test-'))
let store: Store

beforeAll(async () => {
  store = await openStore({ dataDir: dir })
  await store.db.execute(sql`create table t (id int primary key, n int not null, at timestamptz not null)`)
  await store.db.execute(sql`insert into t values (1, 0, '2026-11-25T10:00:00Z')`)
}, 60_000)

afterAll(async () => {
  await store?.close()
  rmSync(dir, { recursive: true, force: true })
})

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await store.db.execute(query)) as unknown as { rows: T[] }).rows

test('queries answer rows, counts and drizzle text timestamps', async () => {
  expect(await rows(sql`select id, n, at from t`)).toEqual([{ id: 1, n: 0, at: '2026-11-25 10:00:00+00' }])
  const updated = (await store.db.execute(sql`update t set n = n where id = 1`)) as unknown as {
    affectedRows: number
  }
  expect(updated.affectedRows).toBe(1)
})

test('a transaction holds the connection: row-locked increments never interleave', async () => {
  const bump = () =>
    store.db.transaction(async (tx) => {
      const [row] = (
        (await tx.execute(sql`select n from t where id = 1 for update`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows
      await new Promise((r) => setImmediate(r))
      await tx.execute(sql`update t set n = ${row!.n + 1} where id = 1`)
    })
  await Promise.all(Array.from({ length: 20 }, bump))
  expect(await rows(sql`select n from t where id = 1`)).toEqual([{ n: 20 }])
})

test('a throwing transaction rolls back and its error reaches the caller', async () => {
  const failing = store.db.transaction(async (tx) => {
    await tx.execute(sql`update t set n = -1 where id = 1`)
    throw new Error('changed my mind')
  })
  await expect(failing).rejects.toThrow('changed my mind')
  expect(await rows(sql`select n from t where id = 1`)).toEqual([{ n: 20 }])
})

test('Postgres errors keep their code and the connection stays usable', async () => {
  const error = await store.db.execute(sql`insert into t values (1, 0, now())`).catch((err) => err)
  expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505')
  expect(await rows(sql`select count(*)::int as c from t`)).toEqual([{ c: 1 }])
})

test('NOTIFY reaches listeners; inside a transaction only when it commits', async () => {
  const heard: string[] = []
  const unlisten = await store.listen('remote_test', (payload) => heard.push(payload))
  await store.notify('remote_test', 'plain')
  await store.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('remote_test', 'rolled back')`)
      throw new Error('abort')
    })
    .catch(() => {})
  await store.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_notify('remote_test', 'committed')`)
  })
  await store.notify('remote_test', 'last')
  await expect.poll(() => heard.at(-1)).toBe('last')
  expect(heard).toEqual(['plain', 'committed', 'last'])
  await unlisten()
})

test('the backup dump is a gzipped tarball of the data directory', async () => {
  const blob = await store.dump!()
  const tar = gunzipSync(Buffer.from(await blob.arrayBuffer()))
  expect(tar.includes(Buffer.from('PG_VERSION'))).toBe(true)
})

test('the data-dir lock is held by this process while the store is open', () => {
  expect(readFileSync(join(dir, 'iconvault.lock'), 'utf8')).toBe(String(process.pid))
})

test('the event loop keeps turning while Postgres works', async () => {
  let ticks = 0
  const timer = setInterval(() => ticks++, 5)
  const started = performance.now()
  await store.db.execute(sql`select count(*) from generate_series(1, 3000000)`)
  const took = performance.now() - started
  clearInterval(timer)
  // On the calling thread the loop would not turn at all until the query is over.
  expect(took).toBeGreaterThan(50)
  expect(ticks).toBeGreaterThan(2)
})
