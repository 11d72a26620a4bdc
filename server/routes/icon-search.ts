// GET /api/icons/search?project_id=&q=[&limit=]: `{ data: [{ id, name, score, matched }] }`,
// the project's icons found by meaning, best first, ranked as the vault ranks them
// (server/domain/icons/icon-search.ts: in the search worker, queued with the caller's own searches). For a session or
// an API token that may read the project; 404 for a project the caller may not see
// (common/permissions.ts, `icon:read`).
import { Hono } from 'hono'
import { searchIconsQuery } from '../../common/schemas/search.ts'
import { projectScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { type SearchedProject, searchIcons } from '../domain/icons/icon-search.ts'
import { scopeKey } from '../domain/sync/sync-scopes.ts'
import { type Locate, requireAccess } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

export function iconSearchRoutes(deps: Deps) {
  const app = new Hono<AppEnv & { Variables: { searched: SearchedProject } }>()
  // The access check reads the project's row: its list stamp and sync scope come with it.
  const searchedProject: Locate = async (c, actor) => {
    const id = (c.get('query') as { project_id: string }).project_id
    const { scope, project } = await projectScope(deps.db, actor, id)
    c.set('searched', {
      id: project.id,
      createdAt: project.created_at,
      listVersion: Number(project.list_version),
      scope: scopeKey(project.workspace_id, project.user_id),
    })
    return scope
  }
  app.get(
    '/search',
    describe({
      tag: 'Icons',
      summary:
        "A project's icons found by name, former name, tag, label or synonym, best first: { data: [{ id, name, score, matched }] }; a query's first 10 distinct words are searched",
    }),
    requireUser,
    validateQuery(searchIconsQuery),
    requireAccess('icon:read', searchedProject),
    async (c) => {
      const { q, limit } = c.get('query')
      const hits = await searchIcons(deps.db, c.get('searched'), q, limit, c.get('user')!.id)
      return c.json({ data: hits })
    },
  )
  return app
}
