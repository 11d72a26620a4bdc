// End-to-end tests: the real server (tests/setup/app-process.ts) and Chromium (tests/setup/browser.ts).
// Run after `npm run build`; files run one after another, each with one app process and one browser.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/e2e-data-template.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A browser, a server and a build share two cores: give polled UI states time to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
})
