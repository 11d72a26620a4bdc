// /api/sync: incremental sync of one scope from the client's cursor (ADR 0303).
import { Hono } from 'hono'
import { syncQuery } from '../../common/schemas/sync.ts'
import type { Deps } from '../domain/deps.ts'
import { pullChanges } from '../domain/sync/sync.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validateQuery } from '../middleware/validate.ts'

export function syncRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)

  // GET /api/sync?scope=<workspaceId|personal>&since=<version>&limit=<n>: changes after `since`
  // (upserts and deletions), the next cursor and whether more follow; 410 for a cursor too old.
  app.get('/', validateQuery(syncQuery), async (c) =>
    c.json({ data: await pullChanges(deps, actorOf(c), c.get('query')) }),
  )

  return app
}
