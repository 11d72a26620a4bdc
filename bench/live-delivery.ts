// `node bench/live-delivery.ts [seconds=20] [--drain=120] [--idle=20] [--streams=200] [--users=20]
// [--readers=120] [--rate=40] [--inflight=4] [--cluster]`: how long a teammate waits for a change (issue 19, item 1). From a
// create's acknowledgement (the HTTP response of POST /api/icons/create) to the matching `change`
// event on every /api/events stream that should hear of it.
//
// The team: 20 users in one gold workspace (the owner and 19 members), one project there. Each user
// has one session that writes and reads, and further sessions that only hold streams: 200 streams in
// all (10 a user, at most 4 a session: ADR 0005's caps), all of them members of the workspace, so
// every create is expected on every stream. Streams are read with node:http in this process; the
// arrival time of a `change` is taken when its chunk arrives, before parsing.
//
// Many streams (issue 19, item 3): `--users=64 --streams=1000`. The first 20 users write as above;
// the others only hold streams (each user's share of them spread evenly, at most 16 a user), all
// members of the one workspace, so every create is still owed to every stream. Past the owner's 20
// invitations a window (ADR 0006), a few of the stream-holding users are invited as admins and
// invite the rest (bench/live-delivery/team.ts). Memory per idle stream: the server's RSS after the
// sign-ins and ~2 s of rest, then with all streams open after ~2 s idle (no writes), the difference
// divided by the streams.
//
// Phases: (1) idle: one create at a time, nothing else running, each waited for on all streams;
// (2) load for `seconds`: 200 connections, of which up to 80 write (creates paced to `rate` a
// second across the 20 users, at most `inflight` = 4 of a user's at once, so a slow answer delays
// the next send and the rate reached is reported next to the rate offered) and 120 read, back to
// back, in a child process (GET /api/icons of the project, /api/me,
// /api/projects, /api/sync from the loop's own cursor, in turn, back to back); (3) drain: up to
// `--drain` seconds after the load for events still owed. Every (acknowledged create, stream) pair
// not heard by then is lost.
//
// Times are performance.now() of this one process. ack→event is signed: the event can arrive
// before the HTTP answer (the server commits, NOTIFY fires, the stream is written while the answer
// is still on its way); such pairs are counted (`early`) and kept as the negative values they are,
// not clamped. send→event (from the moment the request was written) bounds commit→event from above.
//
// Runs on PGlite (a real server process, fresh DATA_DIR), then on Postgres when TEST_DATABASE_URL
// is set; `--cluster`: three processes on one Postgres behind haproxy (tests/cluster/cluster.ts,
// needs TEST_DATABASE_URL and /usr/sbin/haproxy) instead. Prints one JSON line per phase and run,
// then the figures against the targets: p99 ≤ 500 ms under load, idle p50 ≤ 100 ms, 0 lost.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import { startCluster } from '../tests/cluster/cluster.ts'
import { type AppProcess, startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp, type TestSmtp } from '../tests/setup/smtp.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import {
  byWindow,
  type Create,
  load,
  openStream,
  pairs,
  perStream,
  round,
  rssMiB,
  type Stream,
  sleep,
  summary,
} from './live-delivery/measure.ts'
import { http, type Session, seedTeam, type Team, WRITERS } from './live-delivery/team.ts'
import { realIcons } from './vault-setup.ts'

/** How long the server rests before each memory reading around opening the streams. */
const SETTLE_MS = 2000

type Options = {
  seconds: number
  drainSeconds: number
  idleCreates: number
  streams: number
  users: number
  readers: number
  rate: number
  inflight: number
  cluster: boolean
}

function parseArgs(argv: string[]): Options {
  const flag = (name: string, fallback: number) => {
    const hit = argv.find((a) => a.startsWith(`--${name}=`))
    return hit ? Number(hit.split('=')[1]) : fallback
  }
  const positional = argv.filter((a) => !a.startsWith('--'))
  return {
    seconds: Number(positional[0] ?? 20),
    drainSeconds: flag('drain', 120),
    idleCreates: flag('idle', 20),
    streams: flag('streams', 200),
    users: flag('users', WRITERS),
    readers: flag('readers', 120),
    rate: flag('rate', 40),
    inflight: flag('inflight', 4),
    cluster: argv.includes('--cluster'),
  }
}

// ---------- creates ----------

const svgs = realIcons(400).map((i) => i.svg)
let svgAt = 0

/** One create; resolves with its record (ackAt set when answered 200). */
async function create(
  baseUrl: string,
  team: Team,
  writer: Session,
  agent: Agent,
  creates: Map<string, Create>,
) {
  const id = randomUUID()
  const svg = svgs[svgAt++ % svgs.length]!
  const record: Create = { id, sentAt: performance.now() }
  creates.set(id, record)
  try {
    const res = await http(`${baseUrl}/api/icons/create`, {
      agent,
      headers: { cookie: writer.cookie, origin: baseUrl },
      body: { id, name: `live ${id.slice(0, 8)}`, svg, project_id: team.projectId, workspace_id: team.wsId },
    })
    record.status = res.status
    if (res.status === 200) record.ackAt = performance.now()
  } catch {
    record.status = 0
  }
  return record
}

// ---------- the run ----------

type Target = {
  kind: string
  baseUrl: string
  /** The app processes (for RSS). */
  pids: () => (number | undefined)[]
  stop(): Promise<void>
}

async function startTarget(kind: 'pglite' | 'postgres' | 'cluster', smtp: TestSmtp): Promise<Target> {
  if (kind === 'cluster') {
    // TRUST_PROXY=2: haproxy appends the address it saw, so the client's own X-Forwarded-For
    // entry (a fresh address per sign-in) is two hops from the right.
    const cluster = await startCluster({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '2' } })
    return {
      kind,
      baseUrl: cluster.baseUrl,
      pids: () => cluster.apps.map((a) => a?.child.pid),
      stop: () => cluster.close(),
    }
  }
  const db = kind === 'postgres' ? await createTestDb('postgres') : null
  const env: Record<string, string> = { SMTP_URL: smtp.url, TRUST_PROXY: '1' }
  if (db && 'databaseUrl' in db.options) env.DATABASE_URL = db.options.databaseUrl
  const app: AppProcess = await startApp({ env })
  return {
    kind,
    baseUrl: app.baseUrl,
    pids: () => [app.child.pid],
    stop: async () => {
      await app.stop()
      await db?.dispose()
    },
  }
}

async function runOn(kind: 'pglite' | 'postgres' | 'cluster', opts: Options) {
  const smtp = await startTestSmtp()
  const target = await startTarget(kind, smtp)
  const { baseUrl } = target
  const rss = () => target.pids().map(rssMiB)
  const lines: Record<string, unknown>[] = []
  const emit = (line: Record<string, unknown>) => {
    const full = { db: kind, ...line }
    console.log(JSON.stringify(full))
    lines.push(full)
  }
  const streams: Stream[] = []
  let reader: ChildProcess | null = null
  try {
    const setupStart = performance.now()
    const team = await seedTeam(baseUrl, smtp, opts, `${kind}-${process.pid}`)
    const signInSeconds = (performance.now() - setupStart) / 1000
    // The server's memory at rest after the sign-ins, then with every stream open and idle.
    await sleep(SETTLE_MS)
    const rssBeforeStreams = rss()
    // Who is waiting for what: a create's id → streams still owed, so a waiter wakes when all came.
    let heard = 0
    let wake: () => void = () => {}
    const onChange = () => {
      heard++
      wake()
    }
    const openStart = performance.now()
    for (const h of team.holders)
      for (let k = 0; k < h.streams; k++) streams.push(await openStream(baseUrl, h.session.cookie, onChange))
    const openSeconds = (performance.now() - openStart) / 1000
    const rssStreamsOpen = rss()
    await sleep(SETTLE_MS)
    const rssStreamsIdle = rss()
    emit({
      phase: 'setup',
      users: team.users,
      writers: team.writers.length,
      admins: team.admins,
      sessions: team.sessions,
      streams: streams.length,
      setupSeconds: round(signInSeconds + openSeconds),
      openStreamsSeconds: round(openSeconds),
      rssMiB: { beforeStreams: rssBeforeStreams, streamsOpen: rssStreamsOpen, streamsIdle: rssStreamsIdle },
      idleStreamMemory: perStream(rssBeforeStreams, rssStreamsIdle, streams.length),
      load: load(),
    })

    /** Waits until `count` events were heard in all, or `ms` passed. */
    const waitHeard = async (count: number, ms: number) => {
      const deadline = performance.now() + ms
      while (heard < count && performance.now() < deadline)
        await new Promise<void>((r) => {
          wake = r
          setTimeout(r, 100)
        })
    }
    const writers = team.writers.length
    const agent = new Agent({ keepAlive: true, maxSockets: writers * opts.inflight })

    // (1) Idle: one create at a time, each waited for on every stream (at most 10 s), 200 ms apart.
    const idle = new Map<string, Create>()
    const loadIdle = load()
    for (let i = 0; i < opts.idleCreates; i++) {
      const before = heard
      const c = await create(baseUrl, team, team.writers[i % writers]!, agent, idle)
      if (c.ackAt !== undefined) await waitHeard(before + streams.length, 10_000)
      await new Promise((r) => setTimeout(r, 200))
    }
    const idlePairs = pairs(idle.values(), streams)
    // Per create, the last stream to hear it (what the slowest teammate waited).
    const idleLast = [...idle.values()]
      .filter((c) => c.ackAt !== undefined)
      .map((c) =>
        Math.max(...streams.map((s) => (s.arrivals.get(c.id) ?? Number.POSITIVE_INFINITY) - c.ackAt!)),
      )
      .filter(Number.isFinite)
    emit({
      phase: 'idle',
      creates: idle.size,
      acked: idlePairs.acked,
      pairs: idlePairs.expected,
      lost: idlePairs.lost,
      early: idlePairs.early,
      ackToEventMs: summary(idlePairs.ackToEvent),
      sendToEventMs: summary(idlePairs.sendToEvent),
      lastStreamMs: summary(idleLast),
      load: { start: loadIdle, end: load() },
    })

    // (2) Load: readers in a child process, writers here.
    const loaded = new Map<string, Create>()
    const heardBeforeLoad = heard
    const rssBeforeLoad = rss()
    const loadStart = load()
    reader = spawn(process.execPath, [new URL(import.meta.url).pathname, '--reader'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let readerOut = ''
    const readerReady = new Promise<void>((resolve, reject) => {
      reader!.once('exit', (code) => reject(new Error(`the reader exited (${code}) before it was ready`)))
      reader!.stdout!.on('data', (d: Buffer) => {
        readerOut += d
        if (readerOut.startsWith('ready\n')) resolve()
      })
    })
    const readerDone = new Promise<void>((resolve) => reader!.once('exit', () => resolve()))
    reader.stdin!.end(
      JSON.stringify({
        baseUrl,
        seconds: opts.seconds,
        connections: opts.readers,
        users: team.writers.map((w) => w.cookie),
        projectId: team.projectId,
        wsId: team.wsId,
      }),
    )
    await readerReady
    const t0 = performance.now()
    const end = t0 + opts.seconds * 1000
    const perUserMs = (1000 * writers) / opts.rate
    const writeErrors = { refused: 0, failed: 0 }
    await Promise.all(
      team.writers.map(async (writer, u) => {
        // Spread the users' first creates over one period, then one each period; at most
        // `inflight` of a user's creates at once (a slower answer delays the next send).
        let due = t0 + (u * perUserMs) / writers
        const running = new Set<Promise<unknown>>()
        for (;;) {
          const wait = due - performance.now()
          if (wait > 0) await new Promise((r) => setTimeout(r, wait))
          while (running.size >= opts.inflight) await Promise.race(running)
          if (performance.now() >= end) break
          const sent = create(baseUrl, team, writer, agent, loaded).then((c) => {
            if (c.status === 0) writeErrors.failed++
            else if (c.status !== 200) writeErrors.refused++
            running.delete(sent)
          })
          running.add(sent)
          due += perUserMs
        }
        await Promise.all(running)
      }),
    )
    const writeSeconds = (performance.now() - t0) / 1000
    await readerDone
    const reads = JSON.parse(readerOut.slice('ready\n'.length)) as {
      requests: number
      seconds: number
      byStatus: Record<string, number>
      errors: number
      latencyMs: Record<string, ReturnType<typeof summary>>
    }
    const loadEnd = load()
    const rssAfterLoad = rss()
    const heardByLoadEnd = heard - heardBeforeLoad
    // (3) Drain: wait (bounded) for every event still owed.
    const acked = [...loaded.values()].filter((c) => c.ackAt !== undefined).length
    const drainStart = performance.now()
    await waitHeard(heardBeforeLoad + acked * streams.length, opts.drainSeconds * 1000)
    const drainSeconds = (performance.now() - drainStart) / 1000
    const loadPairs = pairs(loaded.values(), streams)
    let lastAck = 0
    for (const c of loaded.values()) lastAck = Math.max(lastAck, c.ackAt ?? 0)
    let lastArrival = 0
    for (const st of streams) for (const at of st.arrivals.values()) lastArrival = Math.max(lastArrival, at)
    emit({
      phase: 'load',
      seconds: opts.seconds,
      connections: { writers: writers * opts.inflight, readers: opts.readers },
      offeredCreatesPerSecond: opts.rate,
      streams: streams.length,
      streamsEnded: streams.filter((s) => s.ended).length,
      creates: loaded.size,
      acked: loadPairs.acked,
      createsPerSecond: round(loadPairs.acked / writeSeconds),
      writeErrors,
      readsPerSecond: round(reads.requests / reads.seconds),
      mixedRequestsPerSecond: round(reads.requests / reads.seconds + loaded.size / writeSeconds),
      reads: { byStatus: reads.byStatus, errors: reads.errors, latencyMs: reads.latencyMs },
      pairs: loadPairs.expected,
      heardDuringLoad: heardByLoadEnd,
      lost: loadPairs.lost,
      early: loadPairs.early,
      duplicates: streams.reduce((n, s) => n + s.duplicates, 0),
      pulls: streams.reduce((n, s) => n + s.pulls, 0),
      ackToEventMs: summary(loadPairs.ackToEvent),
      sendToEventMs: summary(loadPairs.sendToEvent),
      ackToEventByWindow: byWindow(loaded.values(), streams, t0),
      drainSeconds: round(drainSeconds),
      lastEventAfterLastAckMs: round(lastArrival - lastAck),
      rssMiB: { beforeLoad: rssBeforeLoad, afterLoad: rssAfterLoad, afterDrain: rss() },
      load: { start: loadStart, end: loadEnd, afterDrain: load() },
    })
    agent.destroy()
  } finally {
    if (reader && reader.exitCode === null) reader.kill('SIGKILL')
    for (const s of streams) s.close()
    await target.stop()
    await smtp.close()
  }
  return lines
}

// ---------- the reader (child process) ----------

/** `--reader`: reads a JSON job from stdin, prints `ready`, loads the server, prints its figures. */
async function readerMain() {
  let input = ''
  for await (const chunk of process.stdin) input += chunk
  const job = JSON.parse(input) as {
    baseUrl: string
    seconds: number
    connections: number
    users: string[]
    projectId: string
    wsId: string
  }
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections })
  const byStatus: Record<string, number> = {}
  const latency: Record<string, number[]> = { icons: [], me: [], projects: [], sync: [] }
  let errors = 0
  let requests = 0
  process.stdout.write('ready\n')
  const t0 = performance.now()
  const end = t0 + job.seconds * 1000
  await Promise.all(
    Array.from({ length: job.connections }, async (_, loop) => {
      const cookie = job.users[loop % job.users.length]!
      let etag: string | undefined
      let since = 0
      for (let turn = loop; performance.now() < end; turn++) {
        const kind = (['icons', 'me', 'projects', 'sync'] as const)[turn % 4]!
        const path =
          kind === 'icons'
            ? `/api/icons?project_id=${job.projectId}`
            : kind === 'sync'
              ? `/api/sync?scope=${job.wsId}&since=${since}`
              : `/api/${kind}`
        const headers: Record<string, string> = { cookie }
        // Lists compressed as a browser takes them, with the ETag it holds; sync in plain JSON (read here).
        if (kind !== 'sync') headers['accept-encoding'] = 'br, gzip'
        if (kind === 'icons' && etag) headers['if-none-match'] = etag
        const start = performance.now()
        try {
          const res = await http(`${job.baseUrl}${path}`, { agent, headers })
          latency[kind]!.push(performance.now() - start)
          requests++
          byStatus[res.status] = (byStatus[res.status] ?? 0) + 1
          if (kind === 'icons' && res.status === 200) etag = String(res.headers.etag ?? '') || undefined
          if (kind === 'sync' && res.status === 200)
            since = (JSON.parse(res.body) as { data: { version: number } }).data.version
        } catch {
          errors++
          await new Promise((r) => setTimeout(r, 50))
        }
      }
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  agent.destroy()
  const latencyMs = Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, summary(v)]))
  process.stdout.write(JSON.stringify({ requests, seconds, byStatus, errors, latencyMs }))
  process.exit(0)
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const kinds: ('pglite' | 'postgres' | 'cluster')[] = opts.cluster
    ? ['cluster']
    : process.env.TEST_DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite']
  if (opts.cluster && !process.env.TEST_DATABASE_URL) {
    console.error('--cluster needs TEST_DATABASE_URL (a Postgres server) and haproxy')
    process.exit(2)
  }
  const lines: Record<string, unknown>[] = []
  for (const kind of kinds) lines.push(...(await runOn(kind, opts)))
  let met = true
  const mib = (values: unknown) => `${(values as (number | null)[]).join(' / ')} MiB`
  let setup: Record<string, unknown> | undefined
  for (const l of lines) {
    if (l.phase === 'setup') setup = l
    if (l.phase === 'idle') {
      const p50 = (l.ackToEventMs as { p50: number }).p50
      const ok = p50 <= 100 && l.lost === 0
      met &&= ok
      console.log(
        `${ok ? 'meets ' : 'MISSES'} ${l.db} idle: ack→event p50 ${p50} ms (target ≤ 100), ${l.lost} lost of ${l.pairs}, load ${(l.load as { end: number[] }).end[0]}`,
      )
    }
    if (l.phase === 'load') {
      const a = l.ackToEventMs as ReturnType<typeof summary>
      const ok = a.p99 <= 500 && l.lost === 0
      met &&= ok
      console.log(
        `${ok ? 'meets ' : 'MISSES'} ${l.db} load: ack→event p50 ${a.p50} / p90 ${a.p90} / p99 ${a.p99} / max ${a.max} ms (target p99 ≤ 500), ${l.lost} lost of ${l.pairs} (target 0), ${l.createsPerSecond} creates/s, ${l.mixedRequestsPerSecond} requests/s, load ${JSON.stringify((l.load as { end: number[] }).end)}`,
      )
      // Memory: figures, no target (issue 19, item 3 asks for them measured and reported).
      const rss = setup?.rssMiB as Record<string, unknown> | undefined
      const per = setup?.idleStreamMemory as { MiB: number; KiBPerStream: number } | null | undefined
      if (setup && rss && setup.db === l.db)
        console.log(
          `       ${l.db} memory: RSS ${mib(rss.beforeStreams)} before ${setup.streams} streams (${setup.users} users), ${mib(rss.streamsIdle)} with them open and idle (${per ? `+${per.MiB} MiB, ${per.KiBPerStream} KiB a stream` : 'n/a'}); after the load ${mib((l.rssMiB as Record<string, unknown>).afterLoad)}`,
        )
    }
  }
  console.log(met ? 'all targets met' : 'some targets missed')
  process.exit(0)
}

if (process.argv[2] === '--reader') await readerMain()
else await main()
