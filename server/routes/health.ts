// GET /api/health (liveness: the process and its database answer) and GET /api/health/ready
// (readiness: also not draining after SIGTERM; what a load balancer should route by).
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Store } from '../db/client.ts'
import { isDraining } from '../lifecycle.ts'

export function healthRoutes(store: Store) {
  const app = new Hono()
  const databaseAnswers = () =>
    store.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    )

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
