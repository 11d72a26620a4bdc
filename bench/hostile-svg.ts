// Hostile SVG benchmark: against a real server process, attacking clients post the worst
// SVG inputs we know (tests/setup/hostile-svgs.ts: the reported path-heavy icons, over the input
// limits, and the costliest drawings just under them, singly and as create-many drops) in a loop,
// while a probing client, another user, asks /api/health and its signed-in icon list (500 icons)
// one after the other. Prints the probes' waits (p50, p99, worst) and the attackers' answers.
// Targets: health never waits more than 200 ms; the list stays under 500 ms.
// Run: node bench/hostile-svg.ts [seconds=60] [attackers=1]   (PGlite, the default store)
// With BENCH_POSTGRES_URL=postgres://… the server uses a fresh database on that Postgres server.
import { loadavg } from 'node:os'
import pg from 'pg'
import { type ApiUser, proUserWithProject } from '../tests/setup/api-user.ts'
import { startApp } from '../tests/setup/app-process.ts'
import { HOSTILE_SVGS, WORST_ALLOWED } from '../tests/setup/hostile-svgs.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { realIcons } from './vault-setup.ts'

const seconds = Number(process.argv[2] ?? 60)
const attackers = Number(process.argv[3] ?? 1)
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

const icon = (user: ApiUser, svg: string, name = 'hostile') => ({
  id: crypto.randomUUID(),
  name,
  svg,
  project_id: user.projectId,
  origin_icon_id: null,
  workspace_id: null,
  icon_status: 'approved',
})

type Waits = { health: number[]; list: number[] }

/** Health, then the user's list (checked complete), then 20 ms, over and over for `secs`. */
async function probeFor(user: ApiUser, secs: number): Promise<Waits> {
  const waits: Waits = { health: [], list: [] }
  const until = Date.now() + secs * 1000
  while (Date.now() < until) {
    let t0 = performance.now()
    const health = await fetch(`${user.baseUrl}/api/health`)
    await health.arrayBuffer()
    waits.health.push(performance.now() - t0)
    t0 = performance.now()
    const list = await user.call(`/api/icons?project_id=${user.projectId}`)
    const body = (await list.json()) as { data: unknown[] }
    if (body.data.length !== 500)
      throw new Error(`the list answered ${list.status} with ${body.data.length} icons`)
    waits.list.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 20))
  }
  return waits
}

const round = (ms: number) => Math.round(ms * 10) / 10
function stats(xs: number[], targetMs: number) {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!)
  const over = s.filter((ms) => ms > targetMs).length
  return { probes: s.length, p50Ms: at(0.5), p99Ms: at(0.99), worstMs: round(s.at(-1)!), overTarget: over }
}
const summary = (w: Waits) => ({ health: stats(w.health, 200), list: stats(w.list, 500) })

/** A fresh database on BENCH_POSTGRES_URL's server (dropped afterwards), or none: PGlite. */
async function freshPostgres(): Promise<{ url?: string; drop(): Promise<void> }> {
  const admin = process.env.BENCH_POSTGRES_URL
  if (!admin) return { drop: async () => {} }
  const name = `iconvault_bench_${process.pid}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  await run(`create database ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) }
}

const database = await freshPostgres()
const smtp = await startTestSmtp()
const app = await startApp({
  env: { SMTP_URL: smtp.url, ...(database.url ? { DATABASE_URL: database.url } : {}) },
})
try {
  const victim = await proUserWithProject(app.baseUrl, smtp, 'victim@example.com')
  const attackerUsers = await Promise.all(
    Array.from({ length: attackers }, (_, i) =>
      proUserWithProject(app.baseUrl, smtp, `attacker${i}@example.com`),
    ),
  )
  const icons = realIcons(500).map(({ name, svg }) => icon(victim, svg, name))
  for (let at = 0; at < icons.length; at += 250) {
    const res = await victim.call('/api/icons/create-many', { icons: icons.slice(at, at + 250) })
    if (!res.ok) throw new Error(`seeding the victim's icons: HTTP ${res.status}`)
  }
  const store = database.url ? 'postgres' : 'pglite'
  console.log(JSON.stringify({ bench: 'hostile-svg', seconds, attackers, store, loadBefore: load() }))

  // The same probes first without attackers, as a peer on the same machine and load.
  const quiet = await probeFor(victim, Math.min(10, seconds / 3))
  console.log(JSON.stringify({ bench: 'hostile-svg', phase: 'quiet', ...summary(quiet), load: load() }))

  const until = Date.now() + seconds * 1000
  const inputs = Object.entries(HOSTILE_SVGS)
  const answers: Record<string, Record<number, number>> = {}
  const attack = async (user: ApiUser) => {
    for (let n = 0, single = 0; Date.now() < until; n++) {
      // Every single input in turn, and every fourth round a drop of three of the costliest allowed.
      const drop = n % 4 === 3
      const [name, svg] = inputs[drop ? 0 : single++ % inputs.length]!
      const res = drop
        ? await user.call('/api/icons/create-many', { icons: [1, 2, 3].map(() => icon(user, WORST_ALLOWED)) })
        : await user.call('/api/icons/create', icon(user, svg))
      await res.arrayBuffer()
      const key = drop ? 'drop-of-3-worst-allowed' : name
      answers[key] ??= {}
      answers[key][res.status] = (answers[key][res.status] ?? 0) + 1
    }
  }
  const [attacked] = await Promise.all([probeFor(victim, seconds), ...attackerUsers.map(attack)])
  const met = Math.max(...attacked.health) <= 200 && Math.max(...attacked.list) < 500
  console.log(
    JSON.stringify({ bench: 'hostile-svg', phase: 'attacked', ...summary(attacked), load: load(), met }),
  )
  console.log(JSON.stringify({ bench: 'hostile-svg', attackers, answers, loadAfter: load() }))
} finally {
  await app.stop()
  await smtp.close()
  await database.drop()
}
