// `node bench/accept-burst.ts [connections=150,1000] [turnMs=5] [rounds=3]`: how long a burst of new
// connections, opened at once, waits to be answered by a server whose event loop is busy (ADR 0422).
// The server is a child process listening through server/ops/listen.ts and answering "ok"; its loop
// is kept busy in turns of `turnMs` (a loaded server's turn: 5 ms under bench/live-delivery.ts's
// load). libuv accepts one connection per turn and listening socket, so the peer is the same server
// on one socket, as a bare node:http server listens; the app's own is LISTENING_SOCKETS sockets.
// Each round opens `connections` connections at once (no reuse) and times the last answer or reset,
// counting resets (a listening socket's queue holds 511 by default); rounds alternate peer and app.
// Prints one JSON line per connection count, with the ratio peer / app.
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { LISTENING_SOCKETS, listen } from '../server/ops/listen.ts'

const SELF = new URL(import.meta.url).pathname

if (process.argv[2] === '--serve') {
  const sockets = Number(process.argv[3])
  const turnMs = Number(process.argv[4])
  const l = await listen((_req, res) => res.end('ok'), {
    port: 0,
    host: '127.0.0.1',
    keepAliveTimeout: 5000,
    sockets,
  })
  const busy = () => {
    const until = performance.now() + turnMs
    while (performance.now() < until);
    setImmediate(busy)
  }
  busy()
  process.stdout.write(`${l.port}\n`)
} else {
  const counts = (process.argv[2] ?? '150,1000').split(',').map(Number)
  const turnMs = Number(process.argv[3] ?? 5)
  const rounds = Number(process.argv[4] ?? 3)
  const load = () => loadavg().map((v) => Math.round(v * 10) / 10)

  async function serve(sockets: number) {
    const child = spawn(process.execPath, [SELF, '--serve', String(sockets), String(turnMs)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const port = await new Promise<number>((resolve) =>
      child.stdout.once('data', (d) => resolve(Number(String(d)))),
    )
    return { port, stop: () => child.kill('SIGKILL') }
  }

  async function burst(port: number, n: number) {
    const agent = new Agent({ keepAlive: false, maxSockets: n })
    const start = performance.now()
    let failed = 0
    await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<void>((resolve) =>
            request({ host: '127.0.0.1', port, path: '/', agent }, (res) => res.resume().on('end', resolve))
              .on('error', () => {
                failed++
                resolve()
              })
              .end(),
          ),
      ),
    )
    return { ms: performance.now() - start, failed }
  }

  const results: Record<string, number[]> = {}
  const failures: Record<string, number> = {}
  const servers = { peer: await serve(1), app: await serve(LISTENING_SOCKETS) }
  try {
    for (const n of counts)
      for (let r = 0; r < rounds; r++)
        for (const kind of ['peer', 'app'] as const) {
          const { ms, failed } = await burst(servers[kind].port, n)
          const key = `${kind} ${n}`
          results[key] = [...(results[key] ?? []), ms]
          failures[key] = (failures[key] ?? 0) + failed
        }
  } finally {
    servers.peer.stop()
    servers.app.stop()
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
  for (const n of counts) {
    const peer = median(results[`peer ${n}`]!)
    const app = median(results[`app ${n}`]!)
    console.log(
      JSON.stringify({
        connections: n,
        turnMs,
        lastAnswerMs: { peerOneSocket: Math.round(peer), app: Math.round(app) },
        appSockets: LISTENING_SOCKETS,
        // Connections reset (a listening socket's queue holds 511): all rounds together.
        failed: { peerOneSocket: failures[`peer ${n}`], app: failures[`app ${n}`] },
        peerOverApp: Math.round((peer / app) * 10) / 10,
        load: load(),
      }),
    )
  }
}
