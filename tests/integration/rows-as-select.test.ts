// Rows inserted as one JSON parameter (server/db/rows-as-select.ts) are the rows drizzle's
// `values()` inserts: every column, the defaults of those not given, on PGlite and Postgres.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsAsSelect } from '../../server/db/rows-as-select.ts'
import { icons, projects, user } from '../../server/db/schema/index.ts'
import { createTestStore, dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('rows inserted as one parameter on %s', (kind) => {
  let store: Awaited<ReturnType<typeof createTestStore>>
  const owner = `owner-${randomUUID()}`
  const project = randomUUID()
  const origin = randomUUID()
  beforeAll(async () => {
    store = await createTestStore(kind)
    await store.db.insert(user).values({ id: owner, email: `${owner}@example.com`, name: 'Owner' })
    await store.db.insert(projects).values({ id: project, name: 'Rows', user_id: owner })
  })
  afterAll(() => store?.dispose())

  /** Two icons, one with every field a create gives, one with the fewest; `id` of each given. */
  const rowsWith = (ids: [string, string]): (typeof icons.$inferInsert)[] => [
    {
      id: ids[0],
      name: 'Arrow "left" \\ ünïcode',
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>',
      user_id: owner,
      origin_icon_id: origin,
      project_id: project,
      icon_status: 'needs-review',
      created_at: new Date('2026-11-30T19:30:00.123Z'),
      version: 2 ** 40 + 7,
      label: 'Back',
      description: 'Goes back',
      decorative: true,
      tags: ['arrow', 'nav'],
      drawing_hash: 'h'.repeat(64),
      fingerprint: 'f'.repeat(512),
      near_project: project,
      near_hash: 'h'.repeat(64),
    },
    { id: ids[1], name: 'plain', svg: '<svg/>', project_id: project },
  ]
  const read = async (id: string) => {
    const [row] = await store.db.select().from(icons).where(eq(icons.id, id))
    // updated_at and review_since (a trigger's, for an icon waiting for review) are the database's now.
    const { id: _, created_at, updated_at, review_since, ...rest } = row!
    return {
      ...rest,
      created: created_at.getTime(),
      updatedSet: updated_at instanceof Date,
      waits: !!review_since,
    }
  }

  it('stores what values() stores, and answers the same rows', async () => {
    const byValues: [string, string] = [randomUUID(), randomUUID()]
    const bySelect: [string, string] = [randomUUID(), randomUUID()]
    const plain = await store.db.insert(icons).values(rowsWith(byValues)).returning()
    const selected = await store.db
      .insert(icons)
      .select(rowsAsSelect(icons, rowsWith(bySelect)))
      .returning()
    expect(selected.map(({ id, created_at, updated_at, review_since, ...rest }) => rest)).toEqual(
      plain.map(({ id, created_at, updated_at, review_since, ...rest }) => rest),
    )
    expect(await read(bySelect[0])).toEqual(await read(byValues[0]))
    expect((await read(bySelect[0])).waits).toBe(true)
    // The second's created_at is the database's now, each statement's own.
    expect({ ...(await read(bySelect[1])), created: 0 }).toEqual({ ...(await read(byValues[1])), created: 0 })
    // The given time kept to the millisecond; the one not given is the database's now.
    expect((await read(bySelect[0])).created).toBe(Date.parse('2026-11-30T19:30:00.123Z'))
    expect(Math.abs((await read(bySelect[1])).created - Date.now())).toBeLessThan(60_000)
  })

  it('skips a row whose id is taken, as values() does on conflict', async () => {
    const ids: [string, string] = [randomUUID(), randomUUID()]
    await store.db.insert(icons).values(rowsWith(ids)[1]!)
    const [, second] = rowsWith([ids[1], ids[0]])
    const inserted = await store.db
      .insert(icons)
      .select(rowsAsSelect(icons, [rowsWith(ids)[0]!, { ...second!, id: ids[1] }]))
      .onConflictDoNothing()
      .returning({ id: icons.id })
    expect(inserted.map((r) => r.id)).toEqual([ids[0]])
  })
})
