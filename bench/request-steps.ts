// `node bench/request-steps.ts [seconds=4] [icons=1000] [info|silent]`: where a small answer's CPU
// goes, step by step. The server runs in a child process (the same listener as `npm start`: the fast
// paths, then the app through @hono/node-server) on PGlite, with a CPU profile taken over each load
// only (node:inspector, sampled every 100 µs), and its CPU time read around it (all threads: PGlite's
// too). A signed-in user with a project of `icons` real icons; each case is 20 connections of one GET
// for `seconds` (autocannon, in this process): GET /api/me, GET /api/projects, GET /api/icons with its
// ETag (304) and without (200, brotli). Each profile sample is charged to a step: the nearest frame of
// server/ code on its stack (kept-for.ts, lru.ts and kept-answer.ts charge their caller), except that
// time inside hono and @hono/node-server is theirs ("hono", "node adapter"); samples with no server/
// frame are node's own (the HTTP parser and sockets, which a bare server pays too), GC or native.
// With `info` the server writes its request log (to /dev/null), as a production server at the default
// LOG_LEVEL does; `silent` is what bench/api-load.ts measures. Prints one JSON line per case: req/s,
// CPU µs per request (main thread and others), and the steps' µs per request, largest first (each
// step's share of the busy samples times the main thread's CPU time). STEPS_PROFILES=<folder> keeps
// the profiles (open them in Chrome's DevTools).
import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { Session } from 'node:inspector/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { loadConfig } from '../server/config/config.ts'
import { createContext } from '../server/context.ts'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { freePort } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { realIcons, storeIcons } from './vault-setup.ts'

type CallFrame = { functionName: string; url: string }
type Profile = {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/** The profiler's sampling interval (µs): finer slows the server it measures. */
const SAMPLING_US = 500
const SERVER_DIR = fileURLToPath(new URL('../server/', import.meta.url))
/** Helpers whose time is their caller's step. */
const HELPERS = new Set(['cache/kept-for.ts', 'cache/lru.ts', 'cache/kept-answer.ts'])

/** Node's own HTTP, socket and event-loop code, and natives such as writev: what a bare server pays too. */
const NODE_HTTP =
  /^node:(_http_|net$|events$|internal\/(streams|stream_base|process\/task_queues|timers|http))/

/** The step a sample's stack (leaf first) is charged to; null when idle. */
function stepOf(stack: CallFrame[]): string | null {
  const leaf = stack[0]!
  if (leaf.functionName === '(idle)') return null
  if (leaf.functionName === '(garbage collector)') return 'GC'
  if (leaf.functionName === '(program)') return 'native (program)'
  if (leaf.url === '' || NODE_HTTP.test(leaf.url)) return 'node:http, sockets, event loop'
  if (leaf.url.includes('/@hono/node-server/')) return 'node adapter (@hono/node-server)'
  if (leaf.url.includes('/node_modules/hono/')) return 'hono (routing, compose, context)'
  let helper: string | null = null
  for (const frame of stack) {
    const url = frame.url.replace(/^file:\/\//, '')
    if (!url.startsWith(SERVER_DIR)) continue
    const file = url.slice(SERVER_DIR.length)
    if (!HELPERS.has(file)) return file
    helper ??= file
  }
  if (helper) return helper
  if (leaf.url.startsWith('node:')) return 'node (other)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(leaf.url)?.[1]
  return pkg ? `package ${pkg}` : `other ${leaf.url}`
}

/** µs per step over the profile. */
function steps(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const stackOf = new Map<number, CallFrame[]>()
  const out = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    let stack = stackOf.get(id)
    if (!stack) {
      stack = []
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
        stack.push(byId.get(at)!.callFrame)
      stackOf.set(id, stack)
    }
    const step = stepOf(stack)
    if (step) out.set(step, (out.get(step) ?? 0) + (profile.timeDeltas[i + 1] ?? 0))
  })
  return out
}

/** The server: `--serve PORT SMTP_URL LEVEL`, profiled between 'start' and 'stop' messages. */
async function serve(port: number, smtpUrl: string, level: string) {
  // A fresh DATA_DIR: PGlite on its own thread, as `npm start` runs it.
  const config = loadConfig({
    BASE_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'iconvault-request-steps-')),
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SMTP_URL: smtpUrl,
    LOG_LEVEL: level,
  })
  const ctx = await createContext(config)
  const server = createServer(ctx.listener)
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  const inspector = new Session()
  inspector.connect()
  await inspector.post('Profiler.enable')
  await inspector.post('Profiler.setSamplingInterval', { interval: SAMPLING_US })
  let cpu = process.cpuUsage()
  let main = process.threadCpuUsage()
  process.on('message', async (m: string) => {
    if (m === 'start') {
      await inspector.post('Profiler.start')
      cpu = process.cpuUsage()
      main = process.threadCpuUsage()
      process.send!('started')
    } else if (m === 'stop') {
      const used = process.cpuUsage(cpu)
      const mainUsed = process.threadCpuUsage(main)
      const { profile } = await inspector.post('Profiler.stop')
      process.send!({ cpuUs: used.user + used.system, mainUs: mainUsed.user + mainUsed.system, profile })
    } else if (m === 'exit') process.exit(0)
  })
  process.send!('ready')
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T))
    child.send(message)
  })
}

async function main() {
  const seconds = Number(process.argv[2] ?? 4)
  const icons = Number(process.argv[3] ?? 1000)
  const level = process.argv[4] ?? 'silent'
  const smtp = await startTestSmtp()
  const port = await freePort()
  // The server's stdout (its log lines at `info`) goes to /dev/null.
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(port), smtp.url, level], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  await new Promise((r) => child.once('message', r))
  const base = `http://localhost:${port}`
  try {
    const user = await proUserWithProject(base, smtp, 'steps@example.com')
    await storeIcons(user, realIcons(icons))

    const headers = { cookie: user.cookie, 'accept-encoding': 'br, gzip' }
    const list = `/api/icons?project_id=${user.projectId}`
    const etag = (await fetch(`${base}${list}`, { headers })).headers.get('etag')!
    const cases: [string, string, Record<string, string>][] = [
      ['me', '/api/me', headers],
      ['projects', '/api/projects', headers],
      ['icons 304', list, { ...headers, 'if-none-match': etag }],
      ['icons 200 br', list, headers],
    ]
    for (const [name, path, h] of cases) {
      await autocannon({ url: `${base}${path}`, headers: h, connections: 20, amount: 2000 })
      await ask(child, 'start')
      const r = await autocannon({ url: `${base}${path}`, headers: h, connections: 20, duration: seconds })
      const { cpuUs, mainUs, profile } = await ask<{ cpuUs: number; mainUs: number; profile: Profile }>(
        child,
        'stop',
      )
      const requests = r.requests.total
      const per = (us: number) => Math.round((us / requests) * 10) / 10
      const dir = process.env.STEPS_PROFILES
      if (dir)
        writeFileSync(join(dir, `${name.replace(/ /g, '-')}-${level}.cpuprofile`), JSON.stringify(profile))
      // The profile samples wall time (a busy machine's waits too): each step's share of the busy
      // samples, times the main thread's CPU time.
      const byStep = [...steps(profile)].sort((a, b) => b[1] - a[1])
      const busy = byStep.reduce((s, [, us]) => s + us, 0)
      const share = (us: number) => (us / busy) * mainUs
      console.log(
        JSON.stringify({
          case: name,
          level,
          rps: Math.round(r.requests.average),
          errors: r.errors + r.timeouts + r['4xx'] + r['5xx'],
          cpuUsPerRequest: per(cpuUs),
          mainThreadUsPerRequest: per(mainUs),
          otherThreadsUsPerRequest: per(cpuUs - mainUs),
          steps: Object.fromEntries(
            byStep.filter(([, us]) => per(share(us)) >= 0.3).map(([s, us]) => [s, per(share(us))]),
          ),
          load: loadavg().map((v) => Math.round(v * 10) / 10),
        }),
      )
    }
  } finally {
    child.send('exit')
    await smtp.close()
  }
}

if (process.argv[2] === '--serve') await serve(Number(process.argv[3]), process.argv[4]!, process.argv[5]!)
else await main()
