// /api/usage: storage used against the plan's quotas (ADR 0308).
import { Hono } from 'hono'
import type { Deps } from '../domain/deps.ts'
import { storageOverview } from '../domain/plans/storage-usage.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'

export function usageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  // GET /api/usage: { data: { personal, workspaces: [...] } }, each { plan, icons, bytes, quota: { icons, bytes } }.
  app.get('/', requireUser, async (c) => c.json({ data: await storageOverview(deps, actorOf(c)) }))

  return app
}
