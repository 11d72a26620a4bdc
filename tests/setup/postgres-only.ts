// Suites that only mean something on Postgres (several processes on one database, a server that
// restarts, …) never pass by being skipped. TEST_DATABASE_URL defaults to this machine's Postgres
// (test-database.ts); only an explicit TEST_PGLITE_ONLY=1 leaves it out, and then each such suite is
// one failing test named "needs TEST_DATABASE_URL" (a PGlite-only run is never green), its name
// marked, and tests/setup/postgres-only-reporter.ts lists them in one line at the end of the run.
import { describe, it } from 'vitest'

/** Marks the name of a Postgres-only suite not run because TEST_PGLITE_ONLY=1 asked for PGlite only. */
export const NEEDS_POSTGRES = '[not run: TEST_PGLITE_ONLY=1]'

/** A describe block run on Postgres only (TEST_DATABASE_URL); see the file's header. */
export function postgresOnly(name: string, fn: () => void): void {
  if (process.env.TEST_DATABASE_URL) describe(name, fn)
  else
    describe(`${name} ${NEEDS_POSTGRES}`, () => {
      it('needs TEST_DATABASE_URL', () => {
        throw new Error(
          'This suite runs on Postgres only and never passes by being skipped: set TEST_DATABASE_URL ' +
            '(e.g. postgres://postgres@127.0.0.1:5432/postgres) and leave TEST_PGLITE_ONLY out',
        )
      })
    })
}
