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
    include: [
      'common/**/*.test.ts',
      'server/**/*.test.ts',
      'client/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/exactness/**/*.test.ts',
      'scripts/**/*.test.ts',
      'cli/**/*.test.ts',
    ],
    globalSetup: ['tests/setup/global-template.ts'],
    reporters: ['default', './tests/setup/postgres-only-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
