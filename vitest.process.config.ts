// Process tests (npm run test:process): real server processes started, killed, restarted, their
// database blinking, backups restored, the built client served. Each starts its own processes, so
// they are slow (~7 min, one file at a time); `.ci/run` runs them after `npm test`, which stays the
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
    // One file at a time: each starts servers whose SVG and heavy-work threads run at nice 10, and a
    // file flooding its own server beside another starved that one's workers (a drop of the costliest
    // icons waited past the pool's 10 s and was answered 503 in two clean-clone CI runs).
    maxWorkers: 1,
  },
})
