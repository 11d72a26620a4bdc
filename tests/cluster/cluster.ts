// A cluster as a team would run one (docs/operations.md): one Postgres database, several
// stateless app processes on their own ports sharing AUTH_SECRET, and Debian's haproxy in front on
// one port, round robin, health-checked on /api/health/ready, event streams passed through.
// Each response names the process that served it (X-Served-By, set by haproxy). With
// `dbForwarder`, the processes reach Postgres through a TCP forwarder (tests/setup/tcp-proxy.ts), so
// a test can restart the database as its clients see it without touching the machine's Postgres.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type AppProcess, freePort, startApp } from '../setup/app-process.ts'
import { startTcpProxy, type TcpProxy } from '../setup/tcp-proxy.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'
import { TimedOut, until } from '../setup/wait-healthy.ts'

export type Cluster = {
  /** The proxy's address: BASE_URL of every process. */
  baseUrl: string
  /** The database, directly (never through the forwarder): for a test's own checks. */
  databaseUrl: string
  apps: (AppProcess | null)[]
  ports: number[]
  /** Starts process `i` again on its port (after a kill or a stop). */
  start(i: number): Promise<AppProcess>
  /** SIGKILL: the process dies mid-work, as on a crash. */
  kill(i: number): Promise<void>
  /** SIGTERM and wait until it exits (it drains first). */
  stop(i: number): Promise<number | null>
  /** Waits until the proxy's health check sends traffic to process `i` again. */
  waitServing(i: number): Promise<void>
  /**
   * Postgres going down as a restart looks to its clients (needs `dbForwarder`): new connections
   * are refused, the processes' backends are ended by pg_terminate_backend (their clients read
   * 57P01, as on a fast shutdown), then whatever is left is dropped. Refused until databaseUp().
   * Resolves with the number of backends terminated.
   */
  databaseDown(): Promise<number>
  /** Postgres accepts connections again (on the same address). */
  databaseUp(): Promise<void>
  close(): Promise<void>
}

const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'

function haproxyConfig(port: number, appPorts: number[]): string {
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  option forwardfor
  # Every server-sent event is a small write: sent at once, not held back for more (~200 ms).
  option http-no-delay
  retries 3
  option redispatch 1
frontend web
  bind 127.0.0.1:${port}
  http-request set-header X-Request-Id %[uuid()]
  default_backend apps
backend apps
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  # Out after 3 failed checks in a row (~0.6 s for a dead process: 150 ms apart once one failed),
  # not one slow answer of a busy process (an answer within 2 s counts); back in after 2.
  timeout check 2s
  default-server inter 300ms fastinter 150ms fall 3 rise 2
  http-response set-header X-Served-By %s
${appPorts.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n')}
`
}

export async function startCluster(
  opts: { size?: number; env?: Record<string, string>; dbForwarder?: boolean } = {},
): Promise<Cluster> {
  const size = opts.size ?? 3
  const db: TestDb = await createTestDb('postgres')
  if (!('databaseUrl' in db.options))
    throw new Error('The cluster needs TEST_DATABASE_URL (a Postgres server)')
  const databaseUrl = db.options.databaseUrl
  let forwarder: TcpProxy | null = null
  let appsDatabaseUrl = databaseUrl
  if (opts.dbForwarder) {
    const direct = new URL(databaseUrl)
    forwarder = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const through = new URL(direct)
    through.hostname = '127.0.0.1'
    through.port = String(forwarder.port)
    appsDatabaseUrl = through.toString()
  }
  const proxyPort = await freePort()
  const baseUrl = `http://localhost:${proxyPort}`
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()))
  const dirs = ports.map(() => mkdtempSync(join(tmpdir(), 'iconvault-cluster-')))
  const env = {
    DATABASE_URL: appsDatabaseUrl,
    BASE_URL: baseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
    ...opts.env,
  }
  const apps: (AppProcess | null)[] = ports.map(() => null)
  const start = async (i: number) => {
    apps[i] = await startApp({ port: ports[i], dataDir: dirs[i], env })
    return apps[i]!
  }
  // All at once, as a deployment starts its replicas: the migrations must run once.
  await Promise.all(ports.map((_, i) => start(i)))

  const configFile = join(dirs[0]!, 'haproxy.cfg')
  writeFileSync(configFile, haproxyConfig(proxyPort, ports))
  const proxy: ChildProcess = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] })
  let proxyOut = ''
  proxy.stdout?.on('data', (d) => (proxyOut += d))
  proxy.stderr?.on('data', (d) => (proxyOut += d))
  const servedBy = async () => {
    const res = await fetch(`${baseUrl}/api/health/ready`).catch(() => null)
    return res?.ok ? res.headers.get('x-served-by') : null
  }
  // Served once a readiness check through the proxy reaches it (round robin: one per app a try).
  const waitServing = async (i: number) => {
    const name = `app${i + 1}`
    let why = ''
    await until(
      async () => {
        if (proxy.exitCode !== null) throw new Error(`haproxy exited (${proxy.exitCode}):\n${proxyOut}`)
        for (let k = 0; k < ports.length; k++) if ((await servedBy()) === name) return true
        why = `${name} is not served by the proxy yet`
        return false
      },
      { timeout: 30_000, interval: 200 },
    ).catch((error: Error) => {
      throw error instanceof TimedOut ? new Error(`${why} (30 s):\n${proxyOut}`) : error
    })
  }
  for (let i = 0; i < size; i++) await waitServing(i)

  const needForwarder = () => {
    if (!forwarder) throw new Error('startCluster({ dbForwarder: true }) restarts the database')
    return forwarder
  }
  const databaseDown = async () => {
    const fwd = needForwarder()
    fwd.stopAccepting()
    const ports = fwd.upstreamPorts()
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      const theirs = 'from pg_stat_activity where datname = current_database() and client_port = any($1)'
      const ended = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended ${theirs}`,
        [ports],
      )
      // Their 57P01 is on its way through the forwarder: wait until the backends are gone.
      let left = 0
      await until(
        async () => {
          left = (await admin.query(`select 1 ${theirs}`, [ports])).rowCount ?? 0
          return left === 0
        },
        { timeout: 10_000, interval: 20 },
      ).catch(() => {
        throw new Error(`${left} backends still there after pg_terminate_backend`)
      })
      await fwd.cut()
      return ended.rows.filter((r) => r.ended).length
    } finally {
      await admin.end()
    }
  }

  return {
    baseUrl,
    databaseUrl,
    apps,
    ports,
    start,
    waitServing,
    databaseDown,
    databaseUp: () => needForwarder().restore(),
    kill: async (i) => {
      const app = apps[i]
      if (!app) return
      const exited = new Promise((r) => app.child.once('exit', r))
      app.child.kill('SIGKILL')
      await exited
      apps[i] = null
    },
    stop: async (i) => {
      const app = apps[i]
      if (!app) return null
      const exited = new Promise<number | null>((r) => app.child.once('exit', (code) => r(code)))
      app.child.kill('SIGTERM')
      const code = await exited
      apps[i] = null
      return code
    },
    close: async () => {
      proxy.kill('SIGKILL')
      await Promise.all(apps.map((app) => app?.stop()))
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
      await forwarder?.close()
      await db.dispose()
    },
  }
}
