import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Store } from '../db/client.ts'

export function healthRoutes(store: Store) {
  const app = new Hono()
  // GET /api/health: 200 when the database answers, 503 when it does not.
  app.get('/', async (c) => {
    try {
      await store.db.execute(sql`select 1`)
      return c.json({ status: 'ok', database: store.kind })
    } catch {
      return c.json({ error: 'Database unavailable' }, 503)
    }
  })
  return app
}
