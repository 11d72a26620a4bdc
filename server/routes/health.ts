// GET /api/health (liveness: the process and its database answer) and GET /api/health/ready
// (readiness: also not draining after SIGTERM; what a load balancer should route by).
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { errorBody } from '../../common/error-codes.ts'
import type { Store } from '../db/client.ts'
import { isDraining } from '../ops/lifecycle.ts'

/** A query of this process answered this recently proves the database is up (ADR 0304). */
const FRESH_MS = 1000
/** An answer up to this old still counts while a `select 1` checks again in the background. */
const STALE_MS = 5000
/** A database that has not answered `select 1` within this long is reported down. */
const PROBE_TIMEOUT_MS = 5000

export function healthRoutes(store: Store) {
  const app = new Hono()
  // Under load the database is busy answering others: a recent answer is proof enough, and the
  // probe does not queue a query of its own behind theirs (PGlite has one connection, Postgres a
  // pool). An answer 1–5 s old still counts while one `select 1` runs in the background; older
  // than that, once that `select 1` has failed, or once a connection was lost since, the probe waits
  // for it (one for all probes).
  let check: Promise<boolean> | null = null
  let failedAt = 0
  const selectOne = (): Promise<boolean> => {
    check ??= new Promise<boolean>((resolve) => {
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
    }).then((up) => {
      if (!up) failedAt = Date.now()
      check = null
      return up
    })
    return check
  }
  const databaseAnswers = (): Promise<boolean> => {
    const last = store.lastAnswer()
    // A connection lost since that answer (the listener's, a pool client's, PGlite's thread) makes it
    // no proof: ask until a query answers again (ADR 0306).
    if (store.lastLoss() >= last) return selectOne()
    const age = Date.now() - last
    if (age < FRESH_MS) return Promise.resolve(true)
    if (age < STALE_MS && failedAt < last) {
      void selectOne()
      return Promise.resolve(true)
    }
    return selectOne()
  }

  // GET /api/health: 200 when the database answers, 503 when it does not.
  app.get('/', async (c) =>
    (await databaseAnswers())
      ? c.json({ status: 'ok', database: store.kind })
      : c.json(errorBody('Database unavailable', 'unavailable'), 503),
  )

  // GET /api/health/ready: 200 when this process takes new work, 503 while it drains or its database is down.
  app.get('/ready', async (c) => {
    if (isDraining()) return c.json(errorBody('Shutting down', 'unavailable'), 503)
    return (await databaseAnswers())
      ? c.json({ status: 'ready', database: store.kind })
      : c.json(errorBody('Database unavailable', 'unavailable'), 503)
  })
  return app
}
