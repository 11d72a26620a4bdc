// Vitest global setup of the browser tests: starts the real server once on an empty DATA_DIR
// (creating and migrating the embedded database, as a user's first `npm start` does) and keeps
// that directory as a template. Each test file's server then starts from a copy of it
// (app-process.ts), ~2 s instead of ~6 s per file on this machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DATA_TEMPLATE_ENV, startApp } from './app-process.ts'

export default async function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-e2e-template-'))
  const app = await startApp({ dataDir })
  await app.stop()
  process.env[DATA_TEMPLATE_ENV] = dataDir
  return () => rmSync(dataDir, { recursive: true, force: true })
}
