// The embedded database's upkeep (upkeep.ts, ADR 0025) on a real PGlite in a data directory, as the
// server opens it: no pass without writes; after writes, one pass vacuums and analyzes, and the
// planner then finds a few rows through a partial index instead of reading the whole table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStore, type Store } from './client.ts'

const dir = mkdtempSync(join(tmpdir(), 'iconvault-upkeep-test-'))
let store: Store
const HOUR = 3_600_000

beforeAll(async () => {
  // Looks only when the test asks (tick); one write transaction makes a pass due.
  store = await openStore({ dataDir: dir, upkeep: { everyMs: HOUR, writes: 1, staleMs: HOUR } })
})

afterAll(async () => {
  await store?.close()
  rmSync(dir, { recursive: true, force: true })
})

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await store.db.execute(query)) as unknown as { rows: T[] }).rows

test('a pass runs after writes only, and the planner then uses what it learnt', async () => {
  const upkeep = store.upkeep!
  expect(upkeep).toBeDefined()
  await upkeep.tick() // the first look takes the count
  expect(await upkeep.tick()).toBe(false) // nothing written since

  // The duplicate index's shape (server/db/schema/vault.ts): a partial index of the few rows not
  // yet indexed, beside an index of every row of a project.
  await store.db.execute(sql`create table upkeep_probe (id int primary key, project int, a text, b text)`)
  await store.db.execute(sql`create index upkeep_probe_project_idx on upkeep_probe (project)`)
  await store.db.execute(
    sql`create index upkeep_probe_unindexed_idx on upkeep_probe (project) where a is distinct from b`,
  )
  await store.db.execute(
    sql`insert into upkeep_probe select g, 1, md5(g::text), null from generate_series(1, 20000) g`,
  )
  await store.db.execute(sql`update upkeep_probe set b = a`)

  expect(await upkeep.tick()).toBe(true)
  const [stats] = await rows<{ last_vacuum: unknown; last_analyze: unknown }>(
    sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'upkeep_probe'`,
  )
  expect(stats?.last_vacuum).not.toBeNull()
  expect(stats?.last_analyze).not.toBeNull()
  const plan = await rows<{ 'QUERY PLAN': string }>(
    sql`explain select id from upkeep_probe where project = 1 and a is distinct from b limit 250`,
  )
  expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(
    'Index Scan using upkeep_probe_unindexed_idx',
  )
  // Its own transactions are not counted as writes: the next look finds nothing to do.
  expect(await upkeep.tick()).toBe(false)
}, 60_000)
