// GET /api/health (liveness: the process and its database answer) and GET /api/health/ready
// (readiness: also not draining after SIGTERM; what a load balancer should route by).
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Store } from '../db/client.ts'
import { isDraining } from '../lifecycle.ts'

/** A query of this process answered this recently proves the database is up (ADR 0304). */
const FRESH_MS = 1000
/** A database that has not answered `select 1` within this long is reported down. */
const PROBE_TIMEOUT_MS = 5000

export function healthRoutes(store: Store) {
  const app = new Hono()
  // Under load the database is busy answering others: a recent answer is proof enough, and the
  // probe does not queue its own query behind theirs (PGlite has one connection, Postgres a pool).
  // Idle, one `select 1` at a time answers every probe waiting for it.
  let probe: Promise<boolean> | null = null
  const databaseAnswers = (): Promise<boolean> => {
    if (Date.now() - store.lastAnswer() < FRESH_MS) return Promise.resolve(true)
    probe ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)
      store.db
        .execute(sql`select 1`)
        .then(
          () => true,
          () => false,
        )
        .then((up) => {
          clearTimeout(timer)
          resolve(up)
        })
    }).finally(() => {
      probe = null
    })
    return probe
  }

  // GET /api/health: 200 when the database answers, 503 when it does not.
  app.get('/', async (c) =>
    (await databaseAnswers())
      ? c.json({ status: 'ok', database: store.kind })
      : c.json({ error: 'Database unavailable' }, 503),
  )

  // GET /api/health/ready: 200 when this process takes new work, 503 while it drains or its database is down.
  app.get('/ready', async (c) => {
    if (isDraining()) return c.json({ error: 'Shutting down' }, 503)
    return (await databaseAnswers())
      ? c.json({ status: 'ready', database: store.kind })
      : c.json({ error: 'Database unavailable' }, 503)
  })
  return app
}
