// Start-up benchmark: time from spawning `node server/index.ts` on an empty DATA_DIR until
// /api/health answers (the database copied from the PGlite template, then migrated), then again on
// the same (now migrated) DATA_DIR, and the idle RSS; then the parts a first `npm start` may pay:
// PGlite's initdb (what a start without the template does), copying the template, and the client
// build check of `npm start` (scripts/build-client.ts) on a fresh build.
// Run: node bench/startup.ts   (prints one JSON line per measurement, with the load average)
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { clientIsStale } from '../scripts/build-client.ts'
import { ensurePgliteTemplate } from '../server/db/pglite-template.ts'
import { startApp } from '../tests/setup/app-process.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const countEntries = (path: string): number =>
  statSync(path).isDirectory()
    ? 1 + readdirSync(path).reduce((n, entry) => n + countEntries(join(path, entry)), 0)
    : 1
const load = () => loadavg().map((n) => Math.round(n * 10) / 10)
const print = (label: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'startup', label, ...fields, load: load() }))

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round((kb / 1024) * 10) / 10
}

async function measure(label: string, dataDir: string) {
  const t0 = performance.now()
  const app = await startApp({ dataDir })
  const ms = Math.round(performance.now() - t0)
  await new Promise((r) => setTimeout(r, 2000))
  print(label, { ms, idleRssMiB: rssMiB(app.child.pid!) })
  await app.stop()
}

const template = await ensurePgliteTemplate() // made once per PGlite version (npm install does it)
const dir = mkdtempSync(join(tmpdir(), 'iconvault-bench-startup-'))
try {
  await measure('empty DATA_DIR (copy of the migrated template)', dir)
  await measure('existing DATA_DIR', dir)

  let t0 = performance.now()
  await (await PGlite.create(join(dir, 'initdb'))).close()
  print('PGlite initdb on an empty folder (no template)', { ms: Math.round(performance.now() - t0) })
  if (template) {
    t0 = performance.now()
    cpSync(template, join(dir, 'copy'), { recursive: true })
    print('copy of the template', { ms: Math.round(performance.now() - t0) })
  }
  t0 = performance.now()
  const stale = clientIsStale()
  print('client build check of `npm start`', { ms: Math.round(performance.now() - t0), stale })
  t0 = performance.now()
  const entries = countEntries(join(root, 'client')) + countEntries(join(root, 'common'))
  print('full walk of client/ and common/ (a fresh build)', {
    ms: Math.round(performance.now() - t0),
    entries,
  })
} finally {
  rmSync(dir, { recursive: true, force: true })
}
