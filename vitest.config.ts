// Unit tests (beside the code) and route-integration tests (tests/integration) on PGlite and on
// the Postgres of TEST_DATABASE_URL (default: this machine's; PGlite only by TEST_PGLITE_ONLY=1,
// tests/setup/test-database.ts). Browser tests: vitest.e2e.config.ts. Postgres-only suites
// (tests/setup/postgres-only.ts) are listed by the second reporter when PGlite only was asked for.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { resolveTestDatabase } from './tests/setup/test-database.ts'

resolveTestDatabase()

export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    reporters: ['default', './tests/setup/postgres-only-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        // The browser's code: a fresh process per file, since its modules hold the page's state (the
        // local database and its fake IndexedDB, the outbox, the stores), which one file must not
        // hand to the next.
        test: { name: 'client', include: ['client/**/*.test.ts'], isolate: true },
      },
      {
        // The server, common code, the CLI, the scripts and the route-integration tests: each worker
        // keeps its imported modules from one file to the next (the server's graph, PGlite's
        // compiled WebAssembly) instead of a fresh process per file; the import was a quarter of
        // the suite's time. These files share no state but what they create (ADR 0022).
        test: {
          name: 'server',
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/exactness/**/*.test.ts',
            'scripts/**/*.test.ts',
            'cli/**/*.test.ts',
          ],
          globalSetup: ['tests/setup/global-template.ts'],
          isolate: false,
        },
      },
    ],
  },
})
