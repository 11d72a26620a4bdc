// Entry point: read the configuration, open and migrate the database, serve, and shut
// down gracefully on SIGTERM/SIGINT (stop accepting, finish requests, then ctx.close(): the SVG
// worker pool's threads, the event bus, mail and the database).
import { startupBillingLine } from './billing/test-checkout.ts'
import { ConfigError, loadConfig } from './config/config.ts'
import { createContext } from './context.ts'
import { DataDirLockedError } from './db/lock.ts'
import { createLogger } from './log/log.ts'
import { startControlSocket } from './ops/control-socket.ts'
import { startDraining } from './ops/lifecycle.ts'
import { listen, PortInUseError } from './ops/listen.ts'
import { reduceMemoryWhenIdle } from './ops/memory.ts'
import { privateDataDir, restrictUmask } from './ops/private-files.ts'

const started = performance.now()

/** How long an idle kept-alive connection stays open (ADR 0024): above proxies' usual 60 s. */
const IDLE_CONNECTION_MS = 65_000

async function main() {
  // DATA_DIR's files, the database thread's included, are the app's own user's only (ADR 0007).
  restrictUmask()
  const config = loadConfig()
  privateDataDir(config.dataDir)
  const ctx = await createContext(config)
  // Again for what start-up copied in with its own modes (the database template).
  privateDataDir(config.dataDir)
  // The embedded database's backups are taken through DATA_DIR's socket (npm run backup).
  const closeControl = ctx.store.dump
    ? await startControlSocket(config.dataDir, ctx.store.dump)
    : async () => {}
  // Whether this server gives paid plans without payment (the local test checkout), and why.
  const billing = startupBillingLine(config.billing)
  ctx.logger[billing.level](
    { billing: config.billing.provider, testCheckout: config.billing.testCheckout.allowed },
    billing.message,
  )
  // ctx.listener: the Iconify fast path, then the app (context.ts). An idle kept-alive connection
  // outlives the pools of the clients and proxies in front (ADR 0024): closed at Node's 5 s, a
  // request sent on it as it closes was reset (seen from Playwright's client). Several sockets
  // take the port, so a burst of new connections is accepted at once under load (ADR 0422).
  const server = await listen(ctx.listener, {
    port: config.port,
    host: config.host,
    keepAliveTimeout: IDLE_CONNECTION_MS,
  })
  const ms = Math.round(performance.now() - started)
  const db = ctx.store.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'Postgres'
  ctx.logger.info(
    { port: server.port, database: ctx.store.kind, ms },
    `Iconvault listening on ${config.baseUrl} (${db})`,
  )
  // Start-up's garbage is collected at once and the heap shrunk again after bursts (ops/memory.ts).
  reduceMemoryWhenIdle()
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    ctx.logger.info({ signal }, 'shutting down: draining')
    // Readiness turns 503 and open event streams are told to reconnect (to another process).
    startDraining()
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    void server.close().then(async () => {
      await closeControl()
      await ctx.close()
      process.exit(0)
    })
    // Idle keep-alive connections would hold close() open; event streams never end by
    // themselves, so whatever is still open after a grace period is closed.
    server.closeIdleConnections()
    setTimeout(() => server.closeAllConnections(), 3000).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

// A start that fails may have no configured logger yet: one in LOG_FORMAT, written even with
// LOG_LEVEL=silent (it is the only word on why the process exits 1).
main().catch((err) => {
  const logger = createLogger({
    level: 'error',
    format: process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json',
  })
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof PortInUseError)
    logger.fatal(err.message)
  else logger.fatal({ err }, 'Iconvault failed to start')
  process.exit(1)
})
