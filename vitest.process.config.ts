// Process tests (npm run test:process): real server processes started, killed, restarted, their
// database blinking, backups restored, the built client served. Each starts its own processes, so
// they are slow (~4.5 min of test time); `.ci/run` runs them after `npm test`, which stays the
// quick gate (docs/decisions/0022-test-tiers.md). Run after `npm run build`; on PGlite and on the
// Postgres of TEST_DATABASE_URL, as npm test (tests/setup/test-database.ts, postgres-only.ts).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { resolveTestDatabase } from './tests/setup/test-database.ts'

resolveTestDatabase()

export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    include: ['tests/process/**/*.test.ts'],
    globalSetup: ['tests/setup/global-template.ts'],
    reporters: ['default', './tests/setup/postgres-only-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
