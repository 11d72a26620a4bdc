// The vault's list query (a project's icons by created_at) is served by one index in its order:
// no sort step, however large the project (the plan is read with sequential and bitmap scans disabled, as
// the planner would choose at 50,000 icons).
import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { icons } from '../../server/db/schema/index.ts'
import { createTestStore, dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('icon list index on %s', (kind) => {
  let store: Awaited<ReturnType<typeof createTestStore>>
  beforeAll(async () => {
    store = await createTestStore(kind)
  })
  afterAll(() => store?.dispose())

  it('reads a project’s icons in created_at order from the index, without sorting', async () => {
    const query = store.db
      .select()
      .from(icons)
      .where(eq(icons.project_id, randomUUID()))
      .orderBy(asc(icons.created_at))
      .toSQL()
    const plan = await store.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
      const explained = await tx.execute(sql.raw(`explain ${interpolate(query.sql, query.params)}`))
      const { rows } = explained as unknown as { rows: { 'QUERY PLAN': string }[] }
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('icons_project_id_created_at_idx')
    expect(plan).not.toMatch(/\bSort\b/)
  })
})

/** The query with its parameters written in (uuid literals only here). */
function interpolate(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => `'${String(params[Number(n) - 1])}'`)
}
