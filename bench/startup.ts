// Start-up benchmark: time from spawning `node server/index.ts` on an empty DATA_DIR until
// /api/health answers, then again on the same (now migrated) DATA_DIR, and the idle RSS.
// Run: node bench/startup.ts   (prints one JSON line per measurement)
import { readFileSync } from 'node:fs'
import { startApp } from '../tests/setup/app-process.ts'

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round((kb / 1024) * 10) / 10
}

async function measure(label: string, dataDir?: string) {
  const t0 = performance.now()
  const app = await startApp(dataDir ? { dataDir } : {})
  const ms = Math.round(performance.now() - t0)
  await new Promise((r) => setTimeout(r, 2000))
  const rss = rssMiB(app.child.pid!)
  console.log(JSON.stringify({ bench: 'startup', label, ms, idleRssMiB: rss }))
  return app
}

const first = await measure('empty DATA_DIR (creates and migrates PGlite)')
const dir = first.dataDir
const keep = { ...first }
await first.child.kill('SIGTERM')
await new Promise((r) => first.child.once('exit', r))
const second = await measure('existing DATA_DIR', dir)
await second.stop()
await keep.stop()
