// Per-icon costs against project size (ADR 0113): one project on Postgres grown to each size with
// real distinct drawings (the Iconify sets installed as devDependencies, then the same drawings
// mirrored), and at each size a row of figures from a real server process. The bulk of each size is
// stored straight into the database (as rows stored before measures existed: the server measures
// and indexes them on the project's next check, timed as "index of stored icons"); the last TAIL
// (3,000) icons go through POST /api/icons/create-many (500 a request, two at a time): the first
// 1,000 are the row's "first drop" (the server's first drawings, the project's copy of prints being
// read: near-cache.ts), the rest its create-many figure. Each measurement is one entry of MEASURES: add a row
// by adding an entry. Needs TEST_DATABASE_URL (a throwaway database is made there).
// `node bench/scale.ts [sizes=1000,10000,50000]`; prints JSON lines, then the table. SCALE_ONLY=<names>
// runs those measures (comma-separated); SERVER_NODE_OPTIONS goes to the server's process;
// BENCH_CLI_PROF=<dir> profiles the CLI (bench/cli-child.ts); SCALE_PULL_DIR=<dir> is where the pulls
// write (default: the bench's folder under the system's temporary one; /dev/shm takes the disk out);
// BENCH_CLI_ALSO=<path> times another CLI beside it, SCALE_PULL_ROUNDS=<n> each pull n times;
// SCALE_KEEP=1 keeps the database (its URL is printed) to study it afterwards (drop it yourself).
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { timePulls } from './cli-child.ts'
import { startProbe } from './probe-process.ts'
import { realDrawings } from './vault-setup.ts'

const SIZES = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number)
const TAIL = Number(process.argv[3] ?? 3000)
/** Icons of the first drop of a row, timed apart. */
const FIRST = 1000
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    JSON.stringify({ bench: 'scale', skipped: 'measures a Postgres project: set TEST_DATABASE_URL' }),
  )
  process.exit(0)
}
const log = (o: object) => console.log(JSON.stringify({ bench: 'scale', ...o }))
const load = () => loadavg()[0]!.toFixed(1)
const work = mkdtempSync(join(tmpdir(), 'scale-bench-'))

/** Real drawings: every icon of the one-colour sets, then each again mirrored (another drawing). */
const drawings = (count: number) => realDrawings(['lucide', 'tabler', 'mdi', 'ph', 'material-symbols'], count)

const largest = Math.max(...SIZES)
const pool = drawings(largest + 200)
let used = 0
const take = (n: number) => {
  const out = pool.slice(used, used + n)
  used += n
  return out
}

const smtp = await startTestSmtp()
const db = await createTestDb('postgres')
const databaseUrl = (db.options as { databaseUrl: string }).databaseUrl
const app = await startApp({
  env: {
    SMTP_URL: smtp.url,
    DATABASE_URL: databaseUrl,
    PLAN_ICONS_PRO: '1000000',
    PLAN_STORAGE_PRO: '20GB',
    // The server's own NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: what a measure costs it).
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
  },
})
const user = await proUserWithProject(app.baseUrl, smtp, 'scale-bench@example.com')
const project = user.projectId
const token = (
  (await (await user.call('/api/tokens/create', { name: 'bench', scope: 'read' })).json()) as {
    data: { token: string }
  }
).data.token

async function ok(res: Promise<Response>): Promise<Response> {
  const r = await res
  if (!r.ok) throw new Error(`HTTP ${r.status}: ${(await r.text()).slice(0, 300)}`)
  return r
}

/** Adds icons through create-many, 500 a request, two requests at a time; answers icons/s. */
async function grow(icons: { name: string; svg: string }[]): Promise<number> {
  const batches: { name: string; svg: string }[][] = []
  for (let i = 0; i < icons.length; i += 500) batches.push(icons.slice(i, i + 500))
  let next = 0
  const start = performance.now()
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!
      const body = { icons: batch.map((i) => ({ id: crypto.randomUUID(), ...i, project_id: project })) }
      const res = (await (await ok(user.call('/api/icons/create-many', body))).json()) as {
        data: { results: { error?: string }[] }
      }
      const refused = res.data.results.filter((r) => r.error)
      if (refused.length) throw new Error(`refused: ${refused[0]!.error}`)
    }
  }
  await Promise.all([worker(), worker()])
  return icons.length / ((performance.now() - start) / 1000)
}

/**
 * `work`'s time, and the longest a /api/health probe (one every 10 ms, in a process of its own:
 * bench/probe-process.ts) waited meanwhile.
 */
async function withProbe(work: () => Promise<unknown>): Promise<{ ms: number; probeMs: number }> {
  const probe = await startProbe(app.baseUrl, 10)
  const start = performance.now()
  await work()
  const ms = performance.now() - start
  const waits = await probe.stop()
  return { ms, probeMs: Math.max(0, ...waits) }
}

const direct = new pg.Client({ connectionString: databaseUrl })
await direct.connect()
let seededAt = Date.parse('2020-01-01T00:00:00Z')
/** Stores icons as rows made before measures existed (no hash, no fingerprint): the bulk of a size. */
async function seed(icons: { name: string; svg: string }[]) {
  const { rows } = await direct.query('select user_id from projects where id = $1', [project])
  for (let at = 0; at < icons.length; at += 5_000) {
    const values = icons.slice(at, at + 5_000).map((i) => ({
      id: crypto.randomUUID(),
      name: i.name,
      svg: i.svg,
      at: new Date(seededAt++).toISOString(),
    }))
    await direct.query(
      `insert into icons (id, name, svg, user_id, project_id, created_at)
       select v.id, v.name, v.svg, $2, $3, v.at from jsonb_to_recordset($1::jsonb) as v(id uuid, name text, svg text, at timestamptz)`,
      [JSON.stringify(values), rows[0].user_id, project],
    )
  }
}

/**
 * What autovacuum would have done by the time a team works with its grown project: the dead row
 * versions of the bulk writes cleared and the statistics taken. This machine's Postgres runs with
 * autovacuum off (its CI configuration), and without statistics the planner read every row of the
 * project to find the few not yet indexed (ADR 0113): that, not the project's size, was most of a
 * create's time at 50,000 icons. Only done when the server's autovacuum is off.
 */
async function maintain() {
  const { rows } = await direct.query(`select setting from pg_settings where name = 'autovacuum'`)
  if (rows[0]?.setting === 'on') return
  await direct.query('vacuum analyze icons')
  await direct.query('vacuum analyze icon_prints')
  await direct.query('vacuum analyze icon_near_links')
}

/** A GET that may take minutes (fetch gives up on headers after 300 s). */
const longGet = (path: string) =>
  new Promise<void>((resolve, reject) =>
    request(`${app.baseUrl}${path}`, { headers: { cookie: user.cookie, origin: app.baseUrl } }, (res) => {
      res.resume()
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))))
    })
      .on('error', reject)
      .end(),
  )

const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now()
  await work()
  return performance.now() - start
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const round = (n: number) => Math.round(n)

let firstRate = 0
let lastRate = 0
let lastId = ''
/** The measurements of one row, in order; each answers its columns. */
const MEASURES: { name: string; run: () => Promise<Record<string, number>> }[] = [
  {
    name: 'create-many',
    run: async () => ({
      'first drop icons/s': round(firstRate),
      ...(lastRate ? { 'create-many icons/s': round(lastRate) } : {}),
    }),
  },
  {
    name: 'one create',
    run: async () => {
      const ms: number[] = []
      for (const icon of take(5)) {
        lastId = crypto.randomUUID()
        const body = { id: lastId, ...icon, project_id: project }
        ms.push(await timed(() => ok(user.call('/api/icons/create', body))))
      }
      return { 'one create ms (median of 5)': round(median(ms)) }
    },
  },
  {
    name: 'grouping',
    run: async () => {
      const { ms, probeMs } = await withProbe(async () =>
        (await ok(user.call(`/api/icons/duplicates?project_id=${project}`))).json(),
      )
      return { 'grouping first call ms': round(ms), 'grouping worst probe ms': round(probeMs) }
    },
  },
  ...(['react-ts', 'svg'] as const).map((format) => ({
    name: `export ${format}`,
    run: async () => {
      const { ms, probeMs } = await withProbe(async () =>
        (await ok(user.call(`/api/projects/export?project_id=${project}&format=${format}`))).arrayBuffer(),
      )
      return { [`export ${format} ms`]: round(ms), [`export ${format} worst probe ms`]: round(probeMs) }
    },
  })),
  {
    name: 'search after a change',
    run: async () => {
      const search = async () =>
        (await ok(user.call(`/api/icons/search?project_id=${project}&q=arrow%20left`))).json()
      // The project's index made first (a cold build is not what this row measures), then a change.
      const coldMs = await timed(search)
      await ok(user.call('/api/icons/update', { id: lastId, name: `changed-${Date.now()}` }))
      const { ms, probeMs } = await withProbe(search)
      return {
        'first search after a change ms': round(ms),
        'search worst probe ms': round(probeMs),
        'first search of the project ms': round(coldMs),
      }
    },
  },
  {
    name: 'release',
    run: async () => {
      const { ms, probeMs } = await withProbe(async () =>
        (await ok(user.call('/api/projects/release', { project_id: project }))).json(),
      )
      return { 'release ms': round(ms), 'release worst probe ms': round(probeMs) }
    },
  },
  {
    name: 'CLI first pull',
    run: async () => {
      const times = await timePulls({
        url: app.baseUrl,
        token,
        project,
        home: work,
        into: process.env.SCALE_PULL_DIR,
        rounds: Number(process.env.SCALE_PULL_ROUNDS ?? 1),
        also: process.env.BENCH_CLI_ALSO,
      })
      const median = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!)
      log({ measure: 'CLI first pull, every round', ...times })
      return {
        'CLI first pull ms': median(times.cli!),
        ...(times.other ? { 'other CLI ms': median(times.other) } : {}),
        'peer pull ms': median(times.peer!),
      }
    },
  },
]

const table: Record<string, number | string>[] = []
let size = 0
try {
  for (const target of SIZES) {
    const row: Record<string, number | string> = { icons: target }
    const bulk = target - size - Math.min(TAIL, target - size)
    if (bulk > 0) {
      await seed(take(bulk))
      size += bulk
      const ms = await timed(() => longGet(`/api/icons/duplicates?project_id=${project}`))
      row[`index of stored icons ms`] = round(ms)
      log({ icons: size, measure: 'index of stored icons', stored: bulk, ms: round(ms), load: load() })
      await maintain()
    }
    const tail = target - size
    firstRate = await grow(take(Math.min(FIRST, tail)))
    lastRate = tail > FIRST ? await grow(take(tail - FIRST)) : 0
    size = target
    await maintain()
    // SCALE_ONLY=<measures' names, comma-separated>: those of the row's measures alone (to profile them).
    const only = process.env.SCALE_ONLY?.split(',')
    for (const m of MEASURES.filter((m) => !only || only.includes(m.name))) {
      const figures = await m.run()
      Object.assign(row, figures)
      log({ icons: size, measure: m.name, ...figures, load: load() })
    }
    row.load = load()
    table.push(row)
  }
} finally {
  await direct.end()
  await app.stop()
  await smtp.close()
  if (process.env.SCALE_KEEP) log({ kept: databaseUrl, project })
  else await db.dispose()
  rmSync(work, { recursive: true, force: true })
}
const columns = [...new Set(table.flatMap((r) => Object.keys(r)))]
console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`)
for (const row of table) console.log(`| ${columns.map((c) => row[c] ?? '').join(' | ')} |`)
