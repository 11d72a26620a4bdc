// The vault's list query (a page of a project's icons by created_at, then id: server/domain/icons/icon-page-query.ts,
// iconPageQuery) is served by one index in its order: the icons are read from the (project_id,
// created_at, id) index, ties included, with no sort of them; the only sort is the page's own
// (finding its last icon within the markup bound, among at most a page of rows), however large the
// project. Planned on 5,000 analysed icons with sequential and bitmap scans disabled, as the planner
// would choose at 50,000 icons.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { icons, projects, user } from '../../server/db/schema/index.ts'
import { iconPageQuery } from '../../server/domain/icons/icon-page-query.ts'
import { createTestStore, dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('icon list index on %s', (kind) => {
  let store: Awaited<ReturnType<typeof createTestStore>>
  const project = randomUUID()
  beforeAll(async () => {
    store = await createTestStore(kind)
    const owner = randomUUID()
    await store.db.insert(user).values({ id: owner, email: `${owner}@example.com`, name: 'Owner' })
    await store.db.insert(projects).values({ id: project, name: 'Large', user_id: owner })
    const at = Date.now()
    for (let i = 0; i < 5000; i += 500)
      await store.db.insert(icons).values(
        Array.from({ length: 500 }, (_, k) => ({
          id: randomUUID(),
          name: `icon ${i + k}`,
          svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          project_id: project,
          created_at: new Date(at + Math.floor((i + k) / 2)),
        })),
      )
    await store.db.execute(sql`analyze icons`)
  })
  afterAll(() => store?.dispose())

  it('reads a page of a project’s icons from the index, without sorting the project', async () => {
    const query = iconPageQuery(
      store.db,
      project,
      { at: '2000-01-01 00:00:00.123456+00', id: randomUUID() },
      { rows: 1000, bytes: 1 << 20 },
    ).toSQL()
    const plan = await store.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
      const explained = await tx.execute(sql.raw(`explain ${interpolate(query.sql, query.params)}`))
      const { rows } = explained as unknown as { rows: { 'QUERY PLAN': string }[] }
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    // The page and its last icon: both scans of the index in its order, ties included.
    expect(plan.match(/Index Scan using icons_project_id_created_at_id_idx/g)).toHaveLength(2)
    expect(plan).not.toMatch(/Incremental Sort/)
    // The one full sort: the page's rows, newest first, to find its last one.
    expect(plan.match(/(?<!Incremental )Sort\s+\(/g)).toHaveLength(1)
    expect(plan).toMatch(/(?<!Incremental )Sort\s+\(.*\n\s*Sort Key: w.created_at DESC, w.id DESC\n/)
  })
})

/** The query with its parameters written in (uuids, a timestamp and numbers only here). */
function interpolate(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const value = params[Number(n) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value)}'`
  })
}
