// The near lookup's plan without statistics (near-lookup.ts, ADR 0113): PGlite runs no autovacuum,
// so a new database's tables have none until the server's first upkeep pass (a minute on), and a
// planner that guesses took the project's icons as the outer loop and probed the prints once per
// drawing per icon: a batch of 13 drawings in a project of 115 icons took 1.2 s and held the
// database thread, and creates under load waited seconds behind it. Here the statement's own plan,
// as Postgres ran it: the prints are probed once per drawing, whatever the project's size.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Fingerprint, readFingerprint } from '../../common/duplicates.ts'
import type { Tx } from '../../server/db/client.ts'
import { nearIcons, rowsOf } from '../../server/domain/duplicates/near-lookup.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

const lucide = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> }
const stroke = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${body}</svg>`

type PlanNode = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] }
/** Every scan of `table` in a plan, with how many times it ran. */
const scansOf = (node: PlanNode, table: string): number[] => [
  ...(node['Relation Name'] === table ? [node['Actual Loops'] ?? 0] : []),
  ...(node.Plans ?? []).flatMap((child) => scansOf(child, table)),
]

let t: TestApp
let projectId: string
const ICONS = 80

beforeAll(async () => {
  t = await createTestApp('pglite')
  const me = await t.signIn('near-plan@example.com')
  await t.setPlan('near-plan@example.com', 'pro')
  projectId = randomUUID()
  expect((await t.post('/api/projects/create', me, { id: projectId, name: 'Plans' })).status).toBe(200)
  const icons = Object.entries(lucide.icons)
    .slice(0, ICONS)
    .map(([name, { body }]) => ({ id: randomUUID(), name, svg: stroke(body), project_id: projectId }))
  const made = await t.post('/api/icons/create-many', me, { icons })
  expect(made.status).toBe(200)
  const results = (made.body as { data: { results: { status?: number }[] } }).data.results
  expect(results.filter((r) => r.status === undefined).length).toBe(ICONS)
})
afterAll(async () => {
  await t?.close()
})

it('probes the prints once per drawing, not once per drawing and icon, before any ANALYZE', async () => {
  const db = t.ctx.store.db
  const [stats] = rowsOf<{ analyzed: boolean }>(
    await db.execute(sql`select reltuples >= 0 as analyzed from pg_class where relname = 'icon_prints'`),
  )
  // What the test is about: a planner that has no statistics to go by.
  expect(stats?.analyzed).toBe(false)
  const indexed = rowsOf<{ id: string; drawing_hash: string; fingerprint: string }>(
    await db.execute(
      sql`select id, drawing_hash, fingerprint from icons where project_id = ${projectId} and near_project = project_id and near_hash = drawing_hash`,
    ),
  )
  expect(indexed.length).toBe(ICONS)
  const asked = indexed.slice(0, 10).map((row) => ({
    id: row.id,
    hash: row.drawing_hash,
    print: readFingerprint(row.fingerprint) as Fingerprint,
  }))
  // The statement nearIcons sends, explained as it runs.
  let plan: PlanNode | undefined
  const explaining = {
    execute: async (query: SQL) => {
      const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        await db.execute(sql`explain (analyze, format json) ${query}`),
      )
      plan = row?.['QUERY PLAN'][0].Plan
      return { rows: [] }
    },
  } as unknown as Tx
  await nearIcons(explaining, projectId, asked)
  if (!plan) throw new Error('nearIcons sent no statement')
  const probes = scansOf(plan, 'icon_prints')
  expect(probes.length).toBe(1)
  expect(probes[0]).toBeLessThanOrEqual(asked.length)
})
