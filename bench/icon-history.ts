// What icon history costs (ADR 0015): 10,000 real icons with 10 versions each on
// Postgres. The icons are created through the API (create-many: version 1 of each is recorded by
// the write path); the nine later versions of every icon are written straight into the database as
// the write path writes them (a rename keeps the markup, a new drawing takes another real icon's),
// since 90,000 API calls would measure the benchmark's patience, not the storage. Reports:
//   - the storage of icon_versions (table, TOAST and index) per icon and per version, against the
//     icons table itself (the peer: history costs this many times the icons);
//   - GET /api/icons/history of one icon (10 versions) against GET /api/icons/download of one
//     icon, in the same run (p50 and p99 of sequential calls, warm);
//   - POST /api/icons/update (a rename, which records a version) with the full history table
//     against the same renames before it was filled.
// Needs TEST_DATABASE_URL (a Postgres server); `node bench/icon-history.ts [icons] [versions]`.
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import pg from 'pg'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { realIcons } from './vault-setup.ts'

const ICONS = Number(process.argv[2] ?? 10_000)
const VERSIONS = Number(process.argv[3] ?? 10)
if (!process.env.TEST_DATABASE_URL) {
  // `npm run bench` runs every benchmark: this one says why it measured nothing, and lets the rest run.
  console.log(
    JSON.stringify({ bench: 'icon-history', skipped: 'measures Postgres storage: set TEST_DATABASE_URL' }),
  )
  process.exit(0)
}
const log = (o: object) => console.log(JSON.stringify({ bench: 'icon-history', ...o }))
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

const smtp = await startTestSmtp()
const db = await createTestDb('postgres')
const databaseUrl = (db.options as { databaseUrl: string }).databaseUrl
const app = await startApp({ env: { SMTP_URL: smtp.url, DATABASE_URL: databaseUrl } })
const user = await proUserWithProject(app.baseUrl, smtp, 'history-bench@example.com')
const sql = new pg.Client({ connectionString: databaseUrl })
await sql.connect()

const icons = realIcons(ICONS)
const ids: string[] = []
const t0 = performance.now()
for (let i = 0; i < icons.length; i += 500) {
  const batch = icons.slice(i, i + 500).map(({ name, svg }) => {
    const id = randomUUID()
    ids.push(id)
    return { id, name, svg, project_id: user.projectId, workspace_id: null }
  })
  const res = await user.call('/api/icons/create-many', { icons: batch })
  if (!res.ok) throw new Error(`create-many: HTTP ${res.status} ${await res.text()}`)
}
log({ step: 'created through the API', icons: ICONS, ms: Math.round(performance.now() - t0), load: load() })

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!
async function timed(n: number, call: (i: number) => Promise<Response>) {
  const ms: number[] = []
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    const res = await call(i)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    ms.push(performance.now() - start)
  }
  return { p50: Number(pct(ms, 0.5).toFixed(2)), p99: Number(pct(ms, 0.99).toFixed(2)) }
}
const rename = (offset: number) => (i: number) =>
  user.call('/api/icons/update', { id: ids[(offset + i) % ids.length], name: `renamed-${offset}-${i}` })
const renamesBefore = await timed(200, rename(0))

// Versions 2..VERSIONS of every icon, as the write path records them: odd ones rename (same
// markup), even ones draw another real icon's markup.
const t1 = performance.now()
await sql.query(
  `with numbered as (
     select id, svg, row_number() over (order by id) as rn from icons where project_id = $3
   )
   insert into icon_versions (icon_id, revision, project_id, name, svg, icon_status, user_id, created_at, change)
   select v.icon_id, r, v.project_id,
          case when r % 2 = 1 then v.name || '-v' || r else v.name end,
          case when r % 2 = 1 then v.svg else other.svg end,
          v.icon_status, v.user_id, now(),
          case when r % 2 = 1 then '{"kind":"edited","fields":["name"]}'::jsonb
               else '{"kind":"replaced","fields":["svg"]}'::jsonb end
   from icon_versions v
   join numbered self on self.id = v.icon_id
   cross join generate_series(2, $1::int) r
   join numbered other on other.rn = ((self.rn + r * 37) % $2::int) + 1
   where v.revision = 1
   on conflict do nothing`,
  [VERSIONS, ICONS, user.projectId],
)
await sql.query(
  `update icons i set revision = (select max(revision) from icon_versions v where v.icon_id = i.id)
   where project_id = $1`,
  [user.projectId],
)
await sql.query('vacuum analyze icon_versions')
await sql.query('vacuum analyze icons')
log({ step: `versions written (${VERSIONS} per icon in all)`, ms: Math.round(performance.now() - t1) })

const size = async (table: string) => {
  const { rows } = await sql.query(
    `select pg_total_relation_size($1::regclass) as total, pg_relation_size($1::regclass) as heap,
            (select count(*) from ${table}) as n`,
    [table],
  )
  return { bytes: Number(rows[0].total), heap: Number(rows[0].heap), rows: Number(rows[0].n) }
}
const versions = await size('icon_versions')
const iconsTable = await size('icons')
log({
  step: 'storage',
  versionRows: versions.rows,
  versionsMiB: Number((versions.bytes / 2 ** 20).toFixed(1)),
  iconsMiB: Number((iconsTable.bytes / 2 ** 20).toFixed(1)),
  bytesPerIconOfHistory: Math.round(versions.bytes / ICONS),
  bytesPerVersion: Math.round(versions.bytes / versions.rows),
  ratioToIcons: Number((versions.bytes / iconsTable.bytes).toFixed(2)),
})

const history = await timed(300, (i) => user.call(`/api/icons/history?id=${ids[(i * 7919) % ids.length]}`))
const download = await timed(300, (i) => user.call(`/api/icons/download?id=${ids[(i * 7919) % ids.length]}`))
const renamesAfter = await timed(200, rename(5000))
log({
  step: 'latency (ms, sequential, warm)',
  history10Versions: history,
  downloadOneIcon: download,
  historyRatioToDownloadP50: Number((history.p50 / download.p50).toFixed(2)),
  renameBefore: renamesBefore,
  renameWithFullHistory: renamesAfter,
  renameRatioP50: Number((renamesAfter.p50 / renamesBefore.p50).toFixed(2)),
  load: load(),
})

await sql.end()
await app.stop()
await db.dispose()
await smtp.close()
