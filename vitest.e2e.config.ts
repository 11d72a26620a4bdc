// End-to-end tests: the real server (tests/setup/app-process.ts) and Chromium (tests/setup/browser.ts).
// Run after `npm run build`; two files at a time (each with its own app process, browsers and data
// folder): a browser test mostly waits for what it looks for, so two share the two cores well and
// the suite takes ~5 min instead of ~8 (bench/README.md, "Test suite"). Tests wait for positive
// signals (expect.poll, waitFor), never for a fixed time, so a busier machine makes them slower,
// not wrong.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/e2e-data-template.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A browser, a server and a build share two cores: give polled UI states time to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
})
