// End-to-end tests: the real server (tests/setup/app-process.ts) and Chromium (tests/setup/browser.ts).
// Run after `npm run build` (`npm run test:e2e` does both); one file at a time. Two at a time took
// ~5 min instead of ~8 on a quiet machine, but on these 2 cores two servers and two Chromiums drove
// the load to 9-12 and a browser under that load misses its own timings (a toast gone before it is
// read, an import past its minute): ADR 0022. Tests wait for positive signals (expect.poll, waitFor),
// never for a fixed time, so a busier machine makes them slower, not wrong.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/e2e-data-template.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A browser, a server and a build share two cores: give polled UI states time to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
})
