// The cluster tests (npm run test:cluster): three app processes on Postgres behind Debian's haproxy,
// driven by two Chromium browsers, and live streams at scale on one process (1,008 open streams,
// streams that never read). Run after `npm run build`; needs Postgres: TEST_DATABASE_URL, by default
// this machine's (tests/setup/test-database.ts).
import { defineConfig } from 'vitest/config'
import { resolveTestDatabase } from './tests/setup/test-database.ts'

resolveTestDatabase()

export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
})
