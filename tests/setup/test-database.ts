// Which databases the tests run on (README, "Tests"): PGlite always, and the Postgres server of
// TEST_DATABASE_URL, which defaults to this machine's (postgres://postgres@127.0.0.1:5432/postgres).
// Leaving Postgres out takes a word: TEST_PGLITE_ONLY=1 (refused under CI). A Postgres that cannot
// be reached stops the run at its start with what to do, instead of skipping the suites that need it.
import pg from 'pg'

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Does the person running the tests ask for PGlite only (and is that allowed here)? */
export const pgliteOnly = () => process.env.TEST_PGLITE_ONLY === '1' && !process.env.TEST_DATABASE_URL

/** Called by the Vitest configs as they load, before any worker starts (workers inherit it). */
export function resolveTestDatabase(): void {
  if (!process.env.TEST_DATABASE_URL && process.env.TEST_PGLITE_ONLY !== '1')
    process.env.TEST_DATABASE_URL = DEFAULT_TEST_DATABASE_URL
}

/** Global setup: fails the run at once, saying why, when the Postgres of TEST_DATABASE_URL does not answer. */
export async function assertTestDatabaseReachable(): Promise<void> {
  if (process.env.CI && pgliteOnly())
    throw new Error('TEST_PGLITE_ONLY=1 is refused under CI: the tests must also run on Postgres there.')
  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    throw new Error(
      `The tests run on PGlite and on the Postgres of TEST_DATABASE_URL (${url}), which cannot be ` +
        `reached (${error instanceof Error ? error.message : String(error)}). Start Postgres there, set ` +
        'TEST_DATABASE_URL to one that runs, or run on PGlite only with TEST_PGLITE_ONLY=1.',
    )
  } finally {
    await client.end().catch(() => {})
  }
}
