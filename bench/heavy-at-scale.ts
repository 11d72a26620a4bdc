// `node bench/heavy-at-scale.ts [icons=50000] [fontIcons=1000] [ops]`: the heavy operations of one
// user at scale on a real server process on Postgres (a fresh database of TEST_DATABASE_URL, this
// machine's by default), with a health probe every 20 ms in a process of its own beside them (as a
// load balancer's): the SVG and React TS exports of a project of `icons` icons (streamed: the first
// byte's time too), its release, the export of that release, the icon font of a project of
// `fontIcons` icons (built, then asked again: kept), and the CLI's first pull of the big project
// into an empty folder. Each operation prints its time and the probe's worst wait meanwhile; goals:
// exports, release and pull within 5 s, the font within 1 s, no probe wait over 100 ms (ADR 0111).
// `ops` (comma-separated: svg,react,release,release-export,font,pull) runs some of them only.
// The project is seeded with 2,500 real icons through the API, then copied in SQL up to `icons`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { DEFAULT_TEST_DATABASE_URL } from '../tests/setup/test-database.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { runCli } from './cli-child.ts'
import { startProbe } from './probe-process.ts'
import { insertIconsMany, realIcons, type VaultBench } from './vault-setup.ts'

const COUNT = Number(process.argv[2] ?? 50_000)
const FONT_COUNT = Number(process.argv[3] ?? 1_000)
const OPS = new Set((process.argv[4] ?? 'svg,react,release,release-export,font,pull').split(','))
const BASE = Math.min(COUNT, 2_500)
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const log = (o: object) => console.log(JSON.stringify({ bench: 'heavy-at-scale', ...o }))

process.env.TEST_DATABASE_URL ??= DEFAULT_TEST_DATABASE_URL
const db = await createTestDb('postgres')
if (!('databaseUrl' in db.options)) throw new Error('Postgres expected')
const databaseUrl = db.options.databaseUrl
const smtp = await startTestSmtp()
// SERVER_NODE_OPTIONS goes to the server's process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: what
// held its event loop, in a profile written when it stops).
const app = await startApp({
  env: {
    SMTP_URL: smtp.url,
    DATABASE_URL: databaseUrl,
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
  },
})
const work = mkdtempSync(join(tmpdir(), 'heavy-at-scale-'))
const user = await proUserWithProject(app.baseUrl, smtp, 'heavy-at-scale@example.com')
const bench = (projectId: string) => ({ app, cookie: user.cookie, projectId }) as VaultBench

// The big project: real icons through the API, then copies of them in SQL (new ids and names).
const seeded = Date.now()
const icons = realIcons(BASE)
if ((await insertIconsMany(bench(user.projectId), icons)).failed) throw new Error('icons refused')
// The font's project: its first `FONT_COUNT` real icons (before the copies: they count
// against the plan's icons).
const fontProject = crypto.randomUUID()
const made = await user.call('/api/projects/create', {
  id: fontProject,
  name: 'Font',
  description: '',
  workspace_id: null,
})
if (!made.ok) throw new Error(`project: HTTP ${made.status}`)
if ((await insertIconsMany(bench(fontProject), icons.slice(0, FONT_COUNT))).failed)
  throw new Error('font icons refused')

const sqlClient = new pg.Client({ connectionString: databaseUrl })
await sqlClient.connect()
for (let copy = 1; copy * BASE < COUNT; copy++)
  await sqlClient.query(
    `insert into icons (id, name, svg, user_id, project_id, workspace_id, icon_status, aliases, label, description, decorative, tags)
     select gen_random_uuid(), name || '-c' || $2::int, svg, user_id, project_id, workspace_id, icon_status, aliases, label, description, decorative, tags
     from icons where project_id = $1 and name !~ '-c[0-9]+$' order by name limit $3`,
    [user.projectId, copy, Math.min(BASE, COUNT - copy * BASE)],
  )
const { rows } = await sqlClient.query('select count(*)::int as n from icons where project_id = $1', [
  user.projectId,
])
await sqlClient.end()
log({ seeded: rows[0].n, ms: Date.now() - seeded })

/**
 * Runs `op`; logs its time, what it tells, and the worst wait meanwhile of a health probe every 20
 * ms from a process of its own (bench/probe-process.ts; the answer in flight at the end counts too).
 */
async function measure(what: string, op: () => Promise<object>) {
  const probe = await startProbe(app.baseUrl, 20)
  const before = load()
  const started = performance.now()
  const told = await op()
  const ms = Math.round(performance.now() - started)
  const sorted = (await probe.stop()).sort((a, b) => a - b)
  log({
    what,
    ms,
    ...told,
    probes: sorted.length,
    probe_worst_ms: Math.round(sorted.at(-1) ?? 0),
    probe_p99_ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    load: `${before} → ${load()}`,
  })
}

/** An export read as it streams: time to its first byte, its size. */
async function exportOf(projectId: string, format: string, release?: string) {
  const started = performance.now()
  const query = new URLSearchParams({ project_id: projectId, format, ...(release ? { release } : {}) })
  const res = await user.call(`/api/projects/export?${query}`)
  if (!res.ok || !res.body) throw new Error(`export ${format}: HTTP ${res.status} ${await res.text()}`)
  let first = 0
  let bytes = 0
  const reader = res.body.getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    first ||= performance.now() - started
    bytes += next.value.byteLength
  }
  return { first_byte_ms: Math.round(first), bytes }
}

if (OPS.has('svg')) await measure(`export svg, ${COUNT} icons`, () => exportOf(user.projectId, 'svg'))
if (OPS.has('react'))
  await measure(`export react-ts, ${COUNT} icons`, () => exportOf(user.projectId, 'react-ts'))
let version: string | undefined
if (OPS.has('release') || OPS.has('release-export'))
  await measure(`release, ${COUNT} icons`, async () => {
    const res = await user.call('/api/projects/release', { project_id: user.projectId, notes: 'bench' })
    if (!res.ok) throw new Error(`release: HTTP ${res.status} ${await res.text()}`)
    version = ((await res.json()) as { data: { version: string } }).data.version
    return { version }
  })
if (OPS.has('release-export'))
  await measure(`export react-ts of release ${version}, ${COUNT} icons`, () =>
    exportOf(user.projectId, 'react-ts', version),
  )
if (OPS.has('font')) {
  await measure(`font, ${FONT_COUNT} icons`, () => exportOf(fontProject, 'font'))
  await measure(`font again (kept), ${FONT_COUNT} icons`, () => exportOf(fontProject, 'font'))
}
if (OPS.has('pull')) {
  const token = (
    (await (await user.call('/api/tokens/create', { name: 'bench', scope: 'read' })).json()) as {
      data: { token: string }
    }
  ).data.token
  await measure(`CLI first pull react-ts, ${COUNT} icons`, () =>
    runCli(['pull', '--project', user.projectId, '--format', 'react-ts', '--out', join(work, 'pull')], {
      PATH: process.env.PATH ?? '',
      HOME: work,
      ICONVAULT_URL: app.baseUrl,
      ICONVAULT_TOKEN: token,
    }),
  )
}

await app.stop()
await smtp.close()
await db.dispose()
rmSync(work, { recursive: true, force: true })
