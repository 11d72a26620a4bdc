// `node bench/iconify.ts [seconds=3] [icons=1000]`: the Iconify endpoint's kept answer
// (ADR 0021) against a bare node:http server sending the same bytes. A real server process (PGlite, and
// Postgres too with TEST_DATABASE_URL) holds a project of real icons; `GET /api/iconify/<token>/
// <prefix>.json?icons=` of 50 of them is asked by many concurrent connections, without an ETag (200,
// brotli) and revalidating with it (304), alternating bare and app runs, the better of two each. The
// bare server (this file with --replay) answers any path with the app's captured status, headers (all
// of them: security headers, CORS, request id; a 304's header bytes are all it sends) and body, 304
// when If-None-Match names the ETag. Requests cycle through 1,000 read tokens (a user may hold 100
// live tokens: the owner of a gold workspace holding the project and nine members make 100 each), so
// the per-token limit (600 a minute, as the bearer path's) stays in force and is not what is measured
// (the fast path sends up to ~30,000 a second: 100 tokens ran into it within a run).
// Target: app ≥ 0.5× bare requests/s, 0 errors. One JSON line per run, then a summary.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { freePort, startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { teamProject } from './team-project.ts'
import { realIcons, storeIcons } from './vault-setup.ts'

type Captured = { status: number; headers: Record<string, string>; body: string }
/** Users, each with the most live tokens a user may hold (100), all reaching the one project. */
const USERS = 10
const TOKENS_PER_USER = 100
const TOKENS = USERS * TOKENS_PER_USER
const ASKED = 50
/** Headers node:http writes for every answer of its own: every other header is replayed as sent. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

/** The raw answer of a GET (compressed bytes as sent). */
function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const kept: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers))
          if (!PER_CONNECTION.has(name) && value !== undefined) kept[name] = String(value)
        resolve({
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

async function load(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  })
  const expected = headers['if-none-match'] ? r['3xx'] : r['2xx']
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + (r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'] - expected),
  }
}

/**
 * One GET per token, 20 at a time: what is measured is the kept answer a token's repeated GET gets
 * (each connection walks the tokens in the same order, so without this every run would measure
 * each token's first, full request, 20 at once). Kept answers last a minute: warmed before each run.
 */
async function warm(base: string, paths: string[], headers: Record<string, string>) {
  for (let i = 0; i < paths.length; i += 20)
    await Promise.all(
      paths.slice(i, i + 20).map(async (path) => {
        const res = await fetch(`${base}${path}`, { headers })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`warming ${path.slice(0, 30)}…: HTTP ${res.status}`)
      }),
    )
}

async function runOn(kind: 'pglite' | 'postgres', seconds: number, icons: number) {
  const smtp = await startTestSmtp()
  const db = kind === 'postgres' ? await createTestDb('postgres') : null
  // TRUST_PROXY: each user signs in from an address of its own (sign-in is limited per address).
  const env: Record<string, string> = { SMTP_URL: smtp.url, TRUST_PROXY: '1' }
  if (db && 'databaseUrl' in db.options) env.DATABASE_URL = db.options.databaseUrl
  const app = await startApp({ env })
  let bare: ChildProcess | undefined
  try {
    return await measure(app, kind, smtp, icons, seconds, (child) => {
      bare = child
    })
  } finally {
    bare?.kill()
    await app.stop()
    await smtp.close()
    await db?.dispose()
  }
}

async function measure(
  app: Awaited<ReturnType<typeof startApp>>,
  kind: string,
  smtp: Awaited<ReturnType<typeof startTestSmtp>>,
  icons: number,
  seconds: number,
  started: (bare: ChildProcess) => void,
) {
  const user = await teamProject(app.baseUrl, smtp, kind, USERS)
  const all = realIcons(icons)
  await storeIcons(user, all, user.workspaceId)
  console.error(`# ${kind}: ${all.length} icons stored`)
  const projects = (await (await user.call('/api/projects')).json()) as {
    data: { id: string; iconify_prefix: string }[]
  }
  const prefix = projects.data.find((p) => p.id === user.projectId)!.iconify_prefix
  const tokens: string[] = []
  for (const call of user.everyone)
    for (let i = 0; i < TOKENS_PER_USER; i += 20)
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async (_, j) => {
            const res = await call('/api/tokens/create', { name: `bench ${i + j}`, scope: 'read' })
            if (!res.ok) throw new Error(`token: HTTP ${res.status} ${await res.text()}`)
            return ((await res.json()) as { data: { token: string } }).data.token
          }),
        )),
      )
  // 50 names spread over the set, as a page showing 50 icons asks for them.
  const step = Math.max(1, Math.floor(all.length / ASKED))
  const names = all
    .filter((_, i) => i % step === 0)
    .slice(0, ASKED)
    .map((icon) => icon.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
  const query = `${prefix}.json?icons=${names.join(',')}`
  const paths = tokens.map((t) => `/api/iconify/${t}/${query}`)
  const plain = { 'accept-encoding': 'br, gzip', origin: 'https://site.example' }
  const full = await capture(`${app.baseUrl}${paths[0]}`, plain)
  if (full.status !== 200) throw new Error(`iconify answer: HTTP ${full.status}`)
  const asked = JSON.parse(
    Buffer.from(await (await fetch(`${app.baseUrl}${paths[0]}`)).arrayBuffer()).toString('utf8'),
  ) as { icons: object; not_found?: string[] }
  if (Object.keys(asked.icons).length !== ASKED) throw new Error(`not found: ${asked.not_found}`)
  const conditional = { ...plain, 'if-none-match': full.headers.etag! }
  const notModified = await capture(`${app.baseUrl}${paths[0]}`, conditional)
  if (notModified.status !== 304) throw new Error(`revalidation: HTTP ${notModified.status}`)

  const file = join(tmpdir(), `iconvault-iconify-replay-${process.pid}.json`)
  writeFileSync(file, JSON.stringify({ full, notModified }))
  const barePort = await freePort()
  const bare = spawn(
    process.execPath,
    [new URL(import.meta.url).pathname, '--replay', file, String(barePort)],
    {
      stdio: 'inherit',
    },
  )
  started(bare)
  const bareUrl = `http://127.0.0.1:${barePort}`
  for (
    let tries = 0;
    !(await fetch(bareUrl).then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (tries > 1200) throw new Error('the replay server did not start') // a minute: a loaded machine
    await new Promise((r) => setTimeout(r, 50))
  }
  console.error(`# ${kind}: ${TOKENS} tokens, answers captured (${full.body.length} base64 chars)`)
  const lines: Record<string, unknown>[] = []
  try {
    for (const [variant, headers] of [
      ['200 brotli', plain],
      ['304 revalidated', conditional],
    ] as const) {
      for (const connections of [20, 100]) {
        const runs = {
          app: [] as Awaited<ReturnType<typeof load>>[],
          bare: [] as Awaited<ReturnType<typeof load>>[],
        }
        for (let round = 0; round < 2; round++) {
          await warm(app.baseUrl, paths, plain)
          runs.bare.push(await load(bareUrl, paths, headers, connections, seconds))
          runs.app.push(await load(app.baseUrl, paths, headers, connections, seconds))
        }
        const best = (rs: { rps: number }[]) => rs.reduce((x, y) => (y.rps > x.rps ? y : x))
        const [a, b] = [best(runs.app), best(runs.bare)]
        const line = {
          db: kind,
          variant,
          bytes: Buffer.from(variant.startsWith('200') ? full.body : notModified.body, 'base64').length,
          connections,
          appRps: a.rps,
          bareRps: b.rps,
          ratio: Math.round((a.rps / Math.max(1, b.rps)) * 1000) / 1000,
          appP99ms: runs.app.map((r) => r.p99),
          errors: [...runs.app, ...runs.bare].reduce((s, r) => s + r.errors, 0),
          load: loadavg().map((v) => Math.round(v * 10) / 10),
        }
        console.log(JSON.stringify(line))
        lines.push(line)
      }
    }
  } finally {
    bare.kill()
  }
  return lines
}

async function main() {
  const seconds = Number(process.argv[2] ?? 3)
  const icons = Number(process.argv[3] ?? 1000)
  const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  const lines: Record<string, unknown>[] = []
  for (const kind of kinds) lines.push(...(await runOn(kind, seconds, icons)))
  let met = true
  for (const l of lines) {
    const ok = (l.ratio as number) >= 0.5 && l.errors === 0
    met &&= ok
    console.log(
      `${ok ? 'meets ' : 'MISSES'} ${l.db} ${l.variant} ×${l.connections}: ${l.appRps} vs ${l.bareRps} req/s = ${l.ratio}× bare (target ≥ 0.5), ${l.errors} errors, load ${(l.load as number[])[0]}`,
    )
  }
  console.log(met ? 'all targets met' : 'some targets missed')
}

// As a child: `--replay FILE PORT` answers every request with the captured answer (304 on its ETag).
if (process.argv[2] === '--replay') {
  const { full, notModified } = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Record<string, Captured>
  const body = Buffer.from(full!.body, 'base64')
  createServer((req, res) => {
    if (req.headers['if-none-match'] === full!.headers.etag)
      return res.writeHead(304, notModified!.headers).end()
    res.writeHead(200, { ...full!.headers, 'content-length': String(body.length) })
    res.end(body)
  }).listen(Number(process.argv[4]), '127.0.0.1')
} else {
  await main()
}
