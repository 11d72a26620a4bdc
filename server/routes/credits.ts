// /api/credits: maker credits used this month (UTC) against the limit.
import { Hono } from 'hono'
import { creditsQuery } from '../../common/schemas/billing.ts'
import type { Store } from '../db/client.ts'
import { creditUsageFor } from '../domain/plans/credits.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validateQuery } from '../middleware/validate.ts'

export function creditsRoutes(store: Store) {
  const app = new Hono<AppEnv>()

  // GET /api/credits?workspaceId=ID: { data: { month, used, limit } } of a workspace (members only,
  // 404 for anyone else), or without workspaceId of the caller's personal credits.
  app.get('/', requireUser, validateQuery(creditsQuery), async (c) =>
    c.json({ data: await creditUsageFor(store.db, actorOf(c), c.var.query.workspaceId) }),
  )

  return app
}
