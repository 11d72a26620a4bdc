// /api/maker/*: the maker's server side: what it may do here, and its paid actions (credits).
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as s from '../../common/schemas/maker.ts'
import { type Scope, workspaceScope } from '../domain/access.ts'
import type { Actor, Deps } from '../domain/deps.ts'
import { makerCapabilities } from '../domain/maker/maker-capabilities.ts'
import { chargeMakerAction } from '../domain/maker/maker-charge.ts'
import { generateIcons } from '../domain/maker/maker-generate.ts'
import { actorOf, requireAccess } from '../middleware/access.ts'
import { byUser, concurrencyLimit, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'

type Located = { var: { body?: { workspaceId?: string }; query?: { workspaceId?: string } } }

/** The workspace named by the body or query (404 unless a member), else the caller's personal scope. */
const locate =
  (deps: Deps) =>
  (c: Context, actor: Actor): Promise<Scope> => {
    const { body, query } = (c as unknown as Located).var
    const workspaceId = body?.workspaceId ?? query?.workspaceId
    if (workspaceId) return workspaceScope(deps.db, actor, workspaceId)
    return Promise.resolve({ kind: 'personal', ownerId: actor.id })
  }

export function makerRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)

  // GET /api/maker/capabilities?workspaceId=: AI configured (or what to set), costs, save refusal.
  app.get(
    '/capabilities',
    validateQuery(s.makerCapabilitiesQuery),
    requireAccess('workspace:read', locate(deps)),
    async (c) => c.json({ data: await makerCapabilities(deps, actorOf(c), c.var.scope) }),
  )

  // POST /api/maker/charge {action, workspaceId?}: takes an action's credits before the browser runs it.
  app.post(
    '/charge',
    rateLimit(LIMITS.tracesPerUser, byUser),
    validate(s.makerChargeBody),
    requireAccess('icon:create', locate(deps)),
    async (c) => c.json({ data: await chargeMakerAction(deps, actorOf(c), c.var.scope, c.var.body.action) }),
  )

  // POST /api/maker/generate {prompt, workspaceId?, variants?}: AI variants through the SVG pipeline;
  // per user a rate and a cap on calls running at once (429), credits reserved before the AI is asked.
  app.post(
    '/generate',
    rateLimit(LIMITS.aiGenerationsPerUser, byUser),
    concurrencyLimit(LIMITS.aiConcurrentPerUser, byUser),
    validate(s.makerGenerateBody),
    requireAccess('icon:create', locate(deps)),
    async (c) =>
      c.json({ data: await generateIcons(deps, actorOf(c), c.var.scope, c.var.body, c.req.raw.signal) }),
  )

  return app
}
