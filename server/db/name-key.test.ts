// The database's name key (icon_name_key, drizzle/0023_name_key.sql) against the one it copies,
// common/name-order.ts's nameKey: the same key (or null) for every name, the same order of keys in
// the index's collation ("C") as JavaScript's string order, and the icons' column following a rename.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nameKey } from '../../common/name-order.ts'
import { namesFromParts } from '../../common/svg/test-support/random.ts'
import { createTestStore, dbKinds } from '../../tests/setup/test-db.ts'
import type { Store } from './client.ts'

const PARTS = [
  'a',
  'Z',
  'icon',
  'Arrow',
  ' ',
  '_',
  '-',
  '.',
  '0',
  '00',
  '7',
  '10',
  '0042',
  'é',
  '图',
  '+',
  '\t',
  'I',
]

/** Names of the key's alphabet and others, runs of 120 digits among them (a length past chr 127). */
const names = (count: number, seed: number) => [
  ...namesFromParts(PARTS, count, seed),
  ...['', '0', '000', '9'.repeat(120), `x${'1'.repeat(96)}`, 'ÅNGSTRÖM', 'İ', 'a b', 'A_B'],
]

describe.each(dbKinds)('icon_name_key on %s', (kind) => {
  let store: Store & { dispose(): Promise<void> }
  beforeAll(async () => {
    store = await createTestStore(kind)
  })
  afterAll(() => store?.dispose())

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await store.db.execute(query)) as unknown as { rows: T[] }).rows

  it('makes the key nameKey makes, null where it gives none', async () => {
    const all = names(3_000, 11)
    const keys = await rows<{ key: string | null }>(
      sql`select icon_name_key(n) as key from json_array_elements_text(${JSON.stringify(all)}::json) with ordinality as t(n, at) order by at`,
    )
    expect(keys.map((row) => row.key)).toEqual(all.map(nameKey))
    expect(keys.filter((row) => row.key === null).length).toBeGreaterThan(100)
  })

  it('orders keys in the index collation as JavaScript orders the strings', async () => {
    const keyed = [...new Set(names(3_000, 12))].filter((name) => nameKey(name) !== null)
    const ordered = await rows<{ n: string }>(
      sql`select n from json_array_elements_text(${JSON.stringify(keyed)}::json) as t(n) order by icon_name_key(n) collate "C", n collate "C"`,
    )
    const byKey = [...keyed].sort((a, b) => {
      const ka = nameKey(a)!
      const kb = nameKey(b)!
      return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0
    })
    expect(ordered.map((row) => row.n)).toEqual(byKey)
  })

  it("keeps the icons' column in step with the name", async () => {
    await store.db.execute(sql`insert into "user" (id, name, email) values ('u1', 'U', 'u1@example.com')`)
    const project = '00000000-0000-4000-8000-000000000001'
    const icon = '00000000-0000-4000-8000-000000000002'
    await store.db.execute(sql`insert into projects (id, name, user_id) values (${project}, 'P', 'u1')`)
    await store.db.execute(
      sql`insert into icons (id, name, svg, project_id) values (${icon}, 'Icon 10', '<svg/>', ${project})`,
    )
    const key = async () => (await rows<{ k: string | null }>(sql`select name_key as k from icons`))[0]!.k
    expect(await key()).toBe(nameKey('Icon 10'))
    await store.db.execute(sql`update icons set name = 'Ärger' where id = ${icon}`)
    expect(await key()).toBeNull()
    await store.db.execute(sql`update icons set name = 'b-2' where id = ${icon}`)
    expect(await key()).toBe(nameKey('b-2'))
  })
})
