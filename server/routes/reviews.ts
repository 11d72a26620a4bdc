// The review gate's routes (ADR 0112): POST /api/icons/review (owners and admins approve or reject),
// GET /api/icons/reviews?id= (the icon's review log, for whoever may read it) and GET
// /api/workspaces/review-queue (what waits for review in a workspace, for every member and viewer).
// Thin: the logic is in server/domain/reviews/.
import { Hono } from 'hono'
import { iconReviewsQuery, reviewIconBody, reviewQueueQuery } from '../../common/schemas/reviews.ts'
import { workspaceScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { historyScope } from '../domain/icons/icon-history.ts'
import { type IconInScope, iconScope } from '../domain/icons/icons.ts'
import { reviewIcon } from '../domain/reviews/review-decision.ts'
import { iconReviewLog } from '../domain/reviews/review-log.ts'
import { reviewQueue } from '../domain/reviews/review-queue.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

export function reviewRoutes(deps: Deps) {
  const app = new Hono<AppEnv & { Variables: { icon: IconInScope } }>()
  for (const path of ['/icons/review', '/icons/reviews', '/workspaces/review-queue'])
    app.use(path, requireUser)

  const bodyIcon: Locate = async (c, actor) => {
    const located = await iconScope(deps, actor, (c.get('body') as { id: string }).id)
    c.set('icon', located)
    return located.scope
  }
  // The log is read where the icon's history is: also while the icon waits in a trash.
  const loggedIcon: Locate = (c, actor) => historyScope(deps, actor, (c.get('query') as { id: string }).id)
  const queueWorkspace: Locate = (c, actor) =>
    workspaceScope(deps.db, actor, (c.get('query') as { workspaceId: string }).workspaceId)

  // POST /api/icons/review {id, decision, comment?, override?}: → { data: icon }.
  app.post(
    '/icons/review',
    describe({
      tag: 'Review',
      summary:
        "Approve an icon's drawing or reject it with a comment, owners and admins only (ADR 0112): { data: icon }; an approval the enabled rules refuse is 409 rules_failed naming them, unless each is named in override",
      errors: ['rules_failed', 'conflict', 'busy'],
    }),
    validate(reviewIconBody),
    requireAccess('icon:approve', bodyIcon),
    async (c) => c.json({ data: await reviewIcon(deps, actorOf(c), c.get('icon'), c.get('body')) }),
  )

  // GET /api/icons/reviews?id=: → { data: [{ decision, comment, override, user, revision, created_at }] }.
  app.get(
    '/icons/reviews',
    describe({
      tag: 'Review',
      summary:
        "An icon's review decisions, newest first: { data: [{ decision, comment, override, user: { id, name, email } | null, revision, created_at }] }",
    }),
    validateQuery(iconReviewsQuery),
    requireAccess('icon:read', loggedIcon),
    async (c) => c.json({ data: await iconReviewLog(deps.db, c.get('query').id) }),
  )

  // GET /api/workspaces/review-queue?workspaceId=[&project_id=&author_id=]: → { data: [icon rows] }.
  app.get(
    '/workspaces/review-queue',
    describe({
      tag: 'Review',
      summary:
        "The icons of a workspace's live projects waiting for review, longest waiting first, by project or author: { data: [icon] } (at most 1,000 icons or 8 MB of markup an answer)",
    }),
    validateQuery(reviewQueueQuery),
    requireAccess('icon:read', queueWorkspace),
    async (c) => c.json({ data: await reviewQueue(deps, actorOf(c), c.get('query')) }),
  )
  return app
}
