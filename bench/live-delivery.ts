// `node bench/live-delivery.ts [seconds=20] [--drain=120] [--idle=20] [--streams=200] [--users=20]
// [--readers=120] [--rate=40] [--inflight=4] [--warmup=0] [--cluster] [--only=pglite|postgres]`:
// how long a teammate waits for a change (item 1). From a create's acknowledgement (the HTTP response of POST
// /api/icons/create), and from its request's start, to the matching `change` event on every
// /api/events stream that should hear of it. `--only=` runs on one database of the two.
//
// The team: 20 users in one gold workspace (the owner and 19 members), one project there. Each user
// has one session that writes and reads, and further sessions that only hold streams: 200 streams in
// all (10 a user, at most 4 a session: ADR 0005's caps), all of them members of the workspace, so
// every create is expected on every stream. Streams are read with node:http in this process; the
// arrival time of a `change` is taken when its chunk arrives, before parsing.
//
// Many streams (item 3): `--users=64 --streams=1000`. The first 20 users write as above;
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
// not heard by then is lost. `--warmup=S`: the readers run S seconds before the first create (the
// figures then leave out the server's first moments under the flood); `bySecond` gives each second's
// creates (by the moment they were sent) with their send→event p50, p99 and max.
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
import { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import { startTestSmtp } from '../tests/setup/smtp.ts'
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
import { type Options, parseArgs } from './live-delivery/options.ts'
import { printAgainstTargets } from './live-delivery/report.ts'
import { create, startTarget } from './live-delivery/target.ts'
import { seedTeam } from './live-delivery/team.ts'

/** How long the server rests before each memory reading around opening the streams. */
const SETTLE_MS = 2000

// ---------- the run ----------

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
    reader = spawn(process.execPath, [new URL('./live-delivery/reader.ts', import.meta.url).pathname], {
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
        seconds: opts.seconds + opts.warmup,
        connections: opts.readers,
        users: team.writers.map((w) => w.cookie),
        projectId: team.projectId,
        wsId: team.wsId,
      }),
    )
    await readerReady
    if (opts.warmup > 0) await sleep(opts.warmup * 1000)
    const t0 = performance.now()
    const end = t0 + opts.seconds * 1000
    const perUserMs = (1000 * writers) / opts.rate
    const writeErrors = { refused: 0, failed: 0, refusals: {} as Record<string, number> }
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
            else if (c.status !== 200) {
              writeErrors.refused++
              const why = c.refusal ?? String(c.status)
              writeErrors.refusals[why] = (writeErrors.refusals[why] ?? 0) + 1
            }
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
      bySecond: byWindow(loaded.values(), streams, t0, 1000),
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

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const kinds: ('pglite' | 'postgres' | 'cluster')[] = opts.cluster
    ? ['cluster']
    : opts.only
      ? [opts.only]
      : process.env.TEST_DATABASE_URL
        ? ['pglite', 'postgres']
        : ['pglite']
  if (opts.only === 'postgres' && !process.env.TEST_DATABASE_URL) {
    console.error('--only=postgres needs TEST_DATABASE_URL (a Postgres server)')
    process.exit(2)
  }
  if (opts.cluster && !process.env.TEST_DATABASE_URL) {
    console.error('--cluster needs TEST_DATABASE_URL (a Postgres server) and haproxy')
    process.exit(2)
  }
  const lines: Record<string, unknown>[] = []
  for (const kind of kinds) lines.push(...(await runOn(kind, opts)))
  const met = printAgainstTargets(lines)
  console.log(met ? 'all targets met' : 'some targets missed')
  process.exit(0)
}

await main()
