// `node bench/api-load.ts [seconds] [icons]`: the API against its floor. The same requests go to
// the app (a real server process on PGlite, and on Postgres when TEST_DATABASE_URL is set) and to
// a bare node:http server that replays the app's own captured answers byte for byte (same status,
// every header but node's own per-connection ones, the same compressed body; the icon list's 304
// when If-None-Match names its ETag), alternating, at 20 and 200 connections, while /api/health is
// probed every 50 ms. Prints one JSON line per run and a summary with ratios (the targets: the icon
// list, its 304, /api/me and /api/projects ≥ 0.5× bare, health probe p99 ≤ 100 ms, 0 errors).
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { type AppProcess, freePort, startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { startProbe } from './probe-process.ts'
import { realIcons, storeIcons } from './vault-setup.ts'

/** `ifNoneMatch`: the ETag the GET revalidated (a 304). */
type Captured = {
  path: string
  ifNoneMatch?: string
  status: number
  headers: Record<string, string>
  body: string
}
/** Headers node:http writes for every answer of its own: every other header is replayed as sent. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

/** The raw answer (compressed bytes as sent, every header: security headers, ETag, request id) of a GET. */
function capture(baseUrl: string, path: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const kept: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers))
          if (!PER_CONNECTION.has(name) && value !== undefined) kept[name] = String(value)
        resolve({
          path,
          ifNoneMatch: headers['if-none-match'],
          status: res.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString('base64'),
        })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    // A 304 is the answer asked for (icons304): only 4xx and 5xx are errors.
    errors: result.errors + result.timeouts + result['4xx'] + result['5xx'],
  }
}

async function runOn(kind: 'pglite' | 'postgres', seconds: number, icons: number) {
  const smtp = await startTestSmtp()
  const db = kind === 'postgres' ? await createTestDb('postgres') : null
  const env: Record<string, string> = { SMTP_URL: smtp.url }
  if (db && 'databaseUrl' in db.options) env.DATABASE_URL = db.options.databaseUrl
  const app: AppProcess = await startApp({ env })
  const user = await proUserWithProject(app.baseUrl, smtp, `load-${kind}@example.com`)
  await storeIcons(user, realIcons(icons))

  const headers = { cookie: user.cookie, 'accept-encoding': 'br, gzip' }
  const list = `/api/icons?project_id=${user.projectId}`
  const etag = (await capture(app.baseUrl, list, headers)).headers.etag!
  // Each endpoint as the app's own client asks it: the icon list revalidated too (304, all headers).
  const cases: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'icons', path: list, headers },
    { name: 'icons304', path: list, headers: { ...headers, 'if-none-match': etag } },
    { name: 'projects', path: '/api/projects', headers },
    { name: 'me', path: '/api/me', headers },
  ]
  // The bare server answers the health probe with the app's own health answer.
  const captured = await Promise.all([
    ...cases.map((c) => capture(app.baseUrl, c.path, c.headers)),
    capture(app.baseUrl, '/api/health', headers),
  ])
  const file = join(tmpdir(), `iconvault-replay-${process.pid}.json`)
  writeFileSync(file, JSON.stringify(captured))
  const barePort = await freePort()
  const bare: ChildProcess = spawn(
    process.execPath,
    [new URL(import.meta.url).pathname, '--replay', file, String(barePort)],
    {
      stdio: 'inherit',
    },
  )
  const bareUrl = `http://127.0.0.1:${barePort}`
  // Ready when it answers (the first run must not count connection refusals).
  for (
    let tries = 0;
    !(await fetch(`${bareUrl}/`).then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    // Its start (type stripping, this file's imports) takes seconds on a busy machine.
    if (tries > 1200) throw new Error('the replay server did not start')
    await new Promise((r) => setTimeout(r, 50))
  }
  const summary: Record<string, unknown>[] = []
  try {
    for (const { name, path, headers } of cases) {
      const bytes = Buffer.from(
        captured.find((c) => c.path === path && c.ifNoneMatch === headers['if-none-match'])!.body,
        'base64',
      ).length
      for (const connections of [20, 200]) {
        // Alternate: bare, app, bare, app; each figure is the better of its two runs.
        const figures = {
          bare: [] as Awaited<ReturnType<typeof load>>[],
          app: [] as Awaited<ReturnType<typeof load>>[],
        }
        const appWaits: number[] = []
        const bareWaits: number[] = []
        let appCpuPerRequest = 0
        let bareCpuPerRequest = 0
        for (let round = 0; round < 2; round++) {
          const bareProbe = await startProbe(bareUrl)
          const bareCpu = cpuSeconds(bare.pid!)
          const b = await load(`${bareUrl}${path}`, headers, connections, seconds)
          bareCpuPerRequest = ((cpuSeconds(bare.pid!) - bareCpu) * 1000) / Math.max(1, b.rps * seconds)
          bareWaits.push(...(await bareProbe.stop()))
          figures.bare.push(b)
          const appProbe = await startProbe(app.baseUrl)
          const appCpu = cpuSeconds(app.child.pid!)
          const a = await load(`${app.baseUrl}${path}`, headers, connections, seconds)
          appCpuPerRequest = ((cpuSeconds(app.child.pid!) - appCpu) * 1000) / Math.max(1, a.rps * seconds)
          appWaits.push(...(await appProbe.stop()))
          figures.app.push(a)
        }
        const best = (runs: { rps: number }[]) => runs.reduce((x, y) => (y.rps > x.rps ? y : x))
        const [a, b] = [best(figures.app), best(figures.bare)]
        const line = {
          db: kind,
          endpoint: name,
          bytes,
          connections,
          appRps: a.rps,
          bareRps: b.rps,
          ratio: Math.round((a.rps / Math.max(1, b.rps)) * 1000) / 1000,
          appP99ms: figures.app.map((r) => r.p99),
          errors: [...figures.app, ...figures.bare].reduce((s, r) => s + r.errors, 0),
          appCpuMsPerRequest: Math.round(appCpuPerRequest * 100) / 100,
          bareCpuMsPerRequest: Math.round(bareCpuPerRequest * 1000) / 1000,
          healthProbes: appWaits.length,
          healthProbeP50ms: Math.round(p(appWaits, 0.5)),
          healthProbeP99ms: Math.round(p(appWaits, 0.99)),
          healthProbeWorstMs: Math.round(Math.max(0, ...appWaits)),
          bareHealthProbeP99ms: Math.round(p(bareWaits, 0.99)),
          load: loadavg().map((v) => Math.round(v * 10) / 10),
        }
        console.log(JSON.stringify(line))
        summary.push(line)
      }
    }
  } finally {
    bare.kill()
    await app.stop()
    await smtp.close()
    await db?.dispose()
  }
  return summary
}

async function main() {
  const seconds = Number(process.argv[2] ?? 5)
  const icons = Number(process.argv[3] ?? 1000)
  const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  const lines: Record<string, unknown>[] = []
  for (const kind of kinds) lines.push(...(await runOn(kind, seconds, icons)))
  // The targets, line by line.
  const targets: Record<string, number> = { icons: 0.5, icons304: 0.5, projects: 0.5, me: 0.5 }
  let met = true
  for (const l of lines) {
    const ok =
      (l.ratio as number) >= targets[l.endpoint as string]! &&
      (l.healthProbeP99ms as number) <= 100 &&
      l.errors === 0
    met &&= ok
    console.log(
      `${ok ? 'meets ' : 'MISSES'} ${l.db} ${l.endpoint} ×${l.connections}: ${l.ratio}× bare (target ≥ ${targets[l.endpoint as string]}), health p99 ${l.healthProbeP99ms} ms (bare ${l.bareHealthProbeP99ms}; target ≤ 100), ${l.errors} errors, load ${(l.load as number[])[0]}`,
    )
  }
  console.log(met ? 'all targets met' : 'some targets missed')
}

// As a child: `--replay FILE PORT` serves the captured answers and nothing else.
if (process.argv[2] === '--replay') {
  const answers = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Captured[]
  const byPath = new Map(
    answers.map((a) => [`${a.path} ${a.ifNoneMatch ?? ''}`, { ...a, bytes: Buffer.from(a.body, 'base64') }]),
  )
  createServer((req, res) => {
    const a = byPath.get(`${req.url} ${req.headers['if-none-match'] ?? ''}`) ?? byPath.get(`${req.url} `)
    if (!a) return res.writeHead(404).end()
    res.writeHead(
      a.status,
      a.status === 304 ? a.headers : { ...a.headers, 'content-length': String(a.bytes.length) },
    )
    res.end(a.bytes)
  }).listen(Number(process.argv[4]), '127.0.0.1')
} else {
  await main()
}
