import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Unit tests (beside the code) and route-integration tests (tests/integration) on PGlite,
// and on Postgres too when TEST_DATABASE_URL is set. Browser tests: vitest.e2e.config.ts.
// Postgres-only suites (tests/setup/postgres-only.ts) fail under CI without TEST_DATABASE_URL and
// are listed by the second reporter when skipped elsewhere.
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
    ],
    globalSetup: ['tests/setup/global-template.ts'],
    reporters: ['default', './tests/setup/postgres-only-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
