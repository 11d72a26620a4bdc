// GET /api/icons/checks?id= and POST /api/icons/check-rules (ADR 0110): a drawing against its
// workspace's review rules, `{ data: [{ rule, ok, message, elements }] }` for each enabled rule ([]
// without rules, and in personal projects). The stored icon's for whoever may read it; a drawing not
// stored goes through the create pipeline's limits first, and nothing is stored.
import { Hono } from 'hono'
import { checkRulesBody, iconChecksQuery } from '../../common/schemas/review-rules.ts'
import { workspaceScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { checkDrawing, checkedIconScope, checkStored } from '../domain/reviews/review-rules.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

type Checked = { workspace_id: string | null; svg: string }

export function iconCheckRoutes(deps: Deps) {
  const app = new Hono<AppEnv & { Variables: { checked: Checked } }>()
  app.use('/checks', requireUser)
  app.use('/check-rules', requireUser)

  // The icon's row comes with the access check: its markup and workspace are what is checked.
  const checkedIcon: Locate = async (c, actor) => {
    const { scope, icon } = await checkedIconScope(deps.db, actor, (c.get('query') as { id: string }).id)
    c.set('checked', icon)
    return scope
  }
  const bodyWorkspace: Locate = (c, actor) =>
    workspaceScope(deps.db, actor, (c.get('body') as { workspace_id: string }).workspace_id)

  // GET /api/icons/checks?id=: the stored icon against its workspace's rules.
  app.get(
    '/checks',
    describe({
      tag: 'Review',
      summary:
        "An icon against its workspace's enabled review rules ([] in a personal project): { data: [{ rule, ok, message, elements }] }",
    }),
    validateQuery(iconChecksQuery),
    requireAccess('icon:read', checkedIcon),
    async (c) => {
      const { workspace_id, svg } = c.get('checked')
      return c.json({ data: await checkStored(deps, actorOf(c), workspace_id, svg) })
    },
  )

  // POST /api/icons/check-rules {workspace_id, svg}: a drawing not stored, checked as it would be stored.
  app.post(
    '/check-rules',
    describe({
      tag: 'Review',
      summary:
        "A drawing, stored nothing, through the create pipeline's limits and against the workspace's enabled rules: { data: [{ rule, ok, message, elements }] }",
      errors: ['busy'],
    }),
    validate(checkRulesBody),
    requireAccess('workspace:read', bodyWorkspace),
    async (c) => {
      const { workspace_id, svg } = c.get('body')
      return c.json({ data: await checkDrawing(deps, actorOf(c), workspace_id, svg) })
    },
  )
  return app
}
