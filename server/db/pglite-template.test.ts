// The first-start template: an empty DATA_DIR opens as a fully migrated database without initdb,
// and an existing database is never overwritten by it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { openStore } from './client.ts'
import { ensurePgliteTemplate } from './pglite-template.ts'

const dir = mkdtempSync(join(tmpdir(), 'iconvault-template-test-'))
const journal = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: unknown[]
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const migrationsApplied = async (store: Awaited<ReturnType<typeof openStore>>) => {
  const result = (await store.db.execute(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  )) as unknown as {
    rows: { n: number }[]
  }
  return result.rows[0]?.n
}

test('an empty DATA_DIR starts from the migrated template; an existing one keeps its data', async () => {
  expect(await ensurePgliteTemplate()).toMatch(/pglite-template-/)
  const first = await openStore({ dataDir: dir })
  expect(await migrationsApplied(first)).toBe(journal.entries.length)
  await first.db.execute(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('u1', 'Ada', 'ada@example.com', true, now(), now())`)
  await first.close()
  const again = await openStore({ dataDir: dir })
  const users = (await again.db.execute('select email from "user"')) as unknown as {
    rows: { email: string }[]
  }
  expect(users.rows.map((r) => r.email)).toEqual(['ada@example.com'])
  await again.close()
})
