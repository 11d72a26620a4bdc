// Start-up benchmark: time from spawning `node server/index.ts` on an empty DATA_DIR until
// /api/health answers (the database copied from the PGlite template, then migrated), then again on
// the same (now migrated) DATA_DIR, and the idle RSS; then the parts a first `npm start` may pay:
// PGlite's initdb (what a start without the template does), copying the template, and the client
// build check of `npm start` (scripts/build-client.ts) on a fresh build. Then the server's memory
// (ADR 0304): idle RSS and peak on PGlite and, with TEST_DATABASE_URL, on a fresh Postgres database,
// and the RSS while and after a project of [icons] icons (default 50,000) is listed twice (brotli,
// plain: streamed page by page past 8 MB of JSON) and revalidated (304), with the first byte's time,
// a hash of the decoded JSON and /api/health's worst wait meanwhile (targets: idle ≤ 300 MB on
// PGlite, ≤ 150 MB on Postgres, never past 600 MB with the large list).
// Run: node bench/startup.ts [icons]   (one JSON line per measurement, with the load average)
import { createHash, randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { clientIsStale } from '../scripts/build-client.ts'
import { ensurePgliteTemplate } from '../server/db/pglite-template.ts'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { type AppProcess, startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { realIcons } from './vault-setup.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const countEntries = (path: string): number =>
  statSync(path).isDirectory()
    ? 1 + readdirSync(path).reduce((n, entry) => n + countEntries(join(path, entry)), 0)
    : 1
const load = () => loadavg().map((n) => Math.round(n * 10) / 10)
const print = (label: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'startup', label, ...fields, load: load() }))

/** Resident memory (VmRSS) or its peak so far (VmHWM) of a process, in MiB. */
function rssMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return Math.round((kb / 1024) * 10) / 10
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function measure(label: string, opts: Parameters<typeof startApp>[0]) {
  const t0 = performance.now()
  const app = await startApp(opts)
  const ms = Math.round(performance.now() - t0)
  await sleep(2000)
  const pid = app.child.pid!
  const idleRssMiB = rssMiB(pid)
  await sleep(8000)
  print(label, { ms, idleRssMiB, idleRssAfter10sMiB: rssMiB(pid), peakRssMiB: rssMiB(pid, 'VmHWM') })
  await app.stop()
}

/** A project of `count` icons (the Iconify sets, repeated under new names), listed as a browser does. */
async function largeList(label: string, count: number, env: Record<string, string>) {
  const smtp = await startTestSmtp()
  let app: AppProcess | null = null
  try {
    // The pro plan's quotas (20,000 icons) would refuse a project this large: raised, as in scale.ts.
    app = await startApp({
      env: { ...env, SMTP_URL: smtp.url, PLAN_ICONS_PRO: '1000000', PLAN_STORAGE_PRO: '20GB' },
    })
    const pid = app.child.pid!
    const baseUrl = app.baseUrl
    const user = await proUserWithProject(app.baseUrl, smtp, 'large-list@example.com')
    const source = realIcons(count)
    const t0 = performance.now()
    for (let i = 0; i < count; i += 500) {
      const icons = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
        const { name, svg } = source[(i + k) % source.length]!
        return {
          id: randomUUID(),
          name: `${name}-${i + k}`,
          svg,
          project_id: user.projectId,
          workspace_id: null,
        }
      })
      const res = await user.call('/api/icons/create-many', { icons })
      if (!res.ok) throw new Error(`create-many: HTTP ${res.status} ${await res.text()}`)
    }
    const createMs = Math.round(performance.now() - t0)
    await sleep(12_000) // the idle reducer's first check after the inserts
    const beforeMiB = rssMiB(pid)
    const lists: Record<string, unknown>[] = []
    let etag = ''
    for (const encoding of ['br, gzip', 'identity', 'br, gzip, revalidated']) {
      // /api/health probed every 20 ms meanwhile: the database's read must not hold the event loop.
      const probing = { done: false, worst: 0 }
      const probe = (async () => {
        while (!probing.done) {
          const t = performance.now()
          await fetch(`${baseUrl}/api/health`).catch(() => null)
          probing.worst = Math.max(probing.worst, performance.now() - t)
          await sleep(20)
        }
      })()
      const t1 = performance.now()
      const revalidated = encoding.endsWith('revalidated')
      const res = await fetch(`${baseUrl}/api/icons?project_id=${user.projectId}`, {
        headers: {
          cookie: user.cookie,
          'accept-encoding': encoding.replace(', revalidated', ''),
          ...(revalidated ? { 'if-none-match': etag } : {}),
        },
      })
      const firstByteMs = Math.round(performance.now() - t1)
      etag = res.headers.get('etag') ?? ''
      // fetch decodes brotli and gzip: the JSON's bytes, hashed to compare runs and code versions.
      const body = new Uint8Array(await res.arrayBuffer())
      const ms = Math.round(performance.now() - t1)
      probing.done = true
      await probe
      lists.push({
        encoding,
        status: res.status,
        firstByteMs,
        ms,
        decodedBytes: body.byteLength,
        sha1: createHash('sha1').update(body).digest('hex').slice(0, 12),
        healthWorstMs: Math.round(probing.worst),
        rssAfterMiB: rssMiB(pid),
      })
    }
    const afterMiB = rssMiB(pid)
    await sleep(12_000)
    print(label, {
      icons: count,
      createMs,
      rssBeforeListMiB: beforeMiB,
      lists,
      rssAfterListMiB: afterMiB,
      rssIdleAfterMiB: rssMiB(pid),
      peakRssMiB: rssMiB(pid, 'VmHWM'),
    })
  } finally {
    await app?.stop()
    await smtp.close()
  }
}

const template = await ensurePgliteTemplate() // made once per PGlite version (npm install does it)
const dir = mkdtempSync(join(tmpdir(), 'iconvault-bench-startup-'))
try {
  await measure('empty DATA_DIR (copy of the migrated template)', { dataDir: dir })
  await measure('existing DATA_DIR', { dataDir: dir })

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

const icons = Number(process.argv[2] ?? 50_000)
const postgres = process.env.TEST_DATABASE_URL ? await createTestDb('postgres') : null
try {
  const pgEnv =
    postgres && 'databaseUrl' in postgres.options ? { DATABASE_URL: postgres.options.databaseUrl } : null
  if (pgEnv) await measure('Postgres (DATABASE_URL)', { env: pgEnv })
  if (icons > 0) {
    await largeList(`PGlite, a project of ${icons} icons listed`, icons, {})
    if (pgEnv) await largeList(`Postgres, a project of ${icons} icons listed`, icons, pgEnv)
  }
} finally {
  await postgres?.dispose()
}
