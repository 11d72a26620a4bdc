// A create looks up its drawings' near icons before its transaction and reads, inside it, only the
// prints written since (near-early.ts, ADR 0113), on a real Postgres. Two create-many requests of
// one project at once, the second's drawings near the first's: the first is held inside its
// transaction (the project's index lock taken by the test) while the second looks up and queues
// behind it, so the second's early lookup cannot see the first's icons; once let go, every icon of
// the second names its near original of the first, and the project's groups pair them. And what an
// early lookup found is dropped inside the transaction once that icon is gone.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readFingerprint } from '../../common/duplicates.ts'
import { nearAfter, nearBefore } from '../../server/domain/duplicates/near-early.ts'
import { rowsOf } from '../../server/domain/duplicates/near-lookup.ts'
import { insertsWaiting } from '../../server/domain/icons/insert-icons.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

const lucide = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> }
const stroke = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${body}</svg>`

/** Waits for a signal however busy the machine: the polls' own deadline is 1 s, a test's 30 s. */
const PATIENCE = { timeout: 100_000, interval: 20 }

postgresOnly("a create's near lookup before its transaction", () => {
  let t: TestApp
  let admin: pg.Client
  let me: string
  const project = randomUUID()
  const bodies = Object.entries(lucide.icons).slice(300, 312)
  const originals = bodies.map(([name, { body }]) => ({
    id: randomUUID(),
    name,
    svg: stroke(body),
    project_id: project,
  }))
  const copies = bodies.map(([name, { body }]) => ({
    id: randomUUID(),
    name: `${name}-nudged`,
    svg: stroke(`<g transform="translate(0.1 0.05)">${body}</g>`),
    project_id: project,
  }))

  beforeAll(async () => {
    t = await createTestApp('postgres')
    admin = new pg.Client({ connectionString: (t.dbOptions as { databaseUrl: string }).databaseUrl })
    await admin.connect()
    me = await t.signIn('near-early@example.com')
    await t.setPlan('near-early@example.com', 'pro')
    expect((await t.post('/api/projects/create', me, { id: project, name: 'Early' })).status).toBe(200)
  })
  afterAll(async () => {
    await admin?.end()
    await t?.close()
  })

  it('links the icons of two creates at once that are near each other', async () => {
    // The project's index lock, as a create's transaction takes it (near-index.ts lockIndex).
    await admin.query(`select pg_advisory_lock(hashtextextended('near-index:' || $1::text, 0))`, [project])
    const first = t.post('/api/icons/create-many', me, { icons: originals })
    await expect
      .poll(async () => {
        const { rows } = await admin.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        )
        return rows[0].n
      }, PATIENCE)
      .toBe(1)
    // The second has looked its drawings up (the first's icons not committed) and waits behind it.
    const second = t.post('/api/icons/create-many', me, { icons: copies })
    await expect.poll(() => insertsWaiting(t.ctx.store.db), PATIENCE).toBe(1)
    await admin.query(`select pg_advisory_unlock(hashtextextended('near-index:' || $1::text, 0))`, [project])
    const [a, b] = await Promise.all([first, second])
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(a.body.data.results.map((r: { near_duplicate_of: string | null }) => r.near_duplicate_of)).toEqual(
      originals.map(() => null),
    )
    expect(b.body.data.results.map((r: { near_duplicate_of: string | null }) => r.near_duplicate_of)).toEqual(
      originals.map((o) => o.id),
    )
    const groups = await t.get(`/api/icons/duplicates?project_id=${project}`, me)
    expect(groups.status).toBe(200)
    const pairs = (groups.body.data.near as string[][]).map((g) => [...g].sort())
    for (const [at, o] of originals.entries()) expect(pairs).toContainEqual([o.id, copies[at]!.id].sort())
  }, 120_000)

  it('drops an icon the early lookup found once it is deleted', async () => {
    const [copy] = rowsOf<{ drawing_hash: string; fingerprint: string }>(
      await t.ctx.store.db.execute(
        sql`select drawing_hash, fingerprint from icons where id = ${copies[0]!.id}`,
      ),
    )
    // A drawing as the copy's, under another hash: the copy and its original are near it.
    const asked = [
      { id: randomUUID(), hash: `${copy!.drawing_hash}-other`, print: readFingerprint(copy!.fingerprint)! },
    ]
    const early = await nearBefore(t.ctx.store.db, project, asked)
    expect(
      early.near
        .get(asked[0]!.id)!
        .map((n) => n.id)
        .sort(),
    ).toEqual([originals[0]!.id, copies[0]!.id].sort())
    expect((await t.post('/api/icons/delete', me, { id: originals[0]!.id })).status).toBe(200)
    const [after] = await t.ctx.store.db.transaction((tx) => nearAfter(tx, project, asked, [], early))
    expect(after!.map((n) => n.id)).toEqual([copies[0]!.id])
  })
})
