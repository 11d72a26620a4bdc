// The cluster tests (npm run test:cluster): three app processes on Postgres behind Debian's haproxy,
// driven by two Chromium browsers, and live streams at scale on one process (1,008 open streams,
// streams that never read). Run after `npm run build`; needs Postgres: TEST_DATABASE_URL, by default
// this machine's (tests/setup/test-database.ts).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { resolveTestDatabase } from './tests/setup/test-database.ts'

resolveTestDatabase()

export default defineConfig({
  // The test reads the browser's retry bound (client/lib/retry.ts), which imports common as @common/.
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
})
