// /api/projects/aliases*: a project's aliases (stable names): the former names of its
// icons that still reach them. Listing is 'icon:read'; adding, deprecating and removing one is
// 'project:aliases' (owners and admins; the owner in personal mode: common/permissions.ts).
import { Hono } from 'hono'
import * as s from '../../common/schemas/aliases.ts'
import { projectScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { createAlias, deleteAlias, listAliases, updateAlias } from '../domain/projects/project-aliases.ts'
import { type Locate, requireAccess } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

export function projectAliasRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.use('/aliases/*', requireUser)
  app.use('/aliases', requireUser)

  const projectOf =
    (id: (c: Parameters<Locate>[0]) => string): Locate =>
    async (c, actor) =>
      (await projectScope(deps.db, actor, id(c))).scope
  const queryProject = projectOf((c) => (c.get('query') as { project_id: string }).project_id)
  const bodyProject = projectOf((c) => (c.get('body') as { project_id: string }).project_id)
  // GET /api/projects/aliases?project_id=: every alias of the project's icons, by name.
  app.get(
    '/aliases',
    describe({ tag: 'Aliases', summary: "A project's aliases (former names that still reach an icon)" }),
    validateQuery(s.aliasesQuery),
    requireAccess('icon:read', queryProject),
    async (c) => c.json({ data: await listAliases(deps, c.get('query').project_id) }),
  )

  // POST /api/projects/aliases/create {project_id, icon_id, name}: another name for an icon.
  app.post(
    '/aliases/create',
    describe({ tag: 'Aliases', summary: 'Add an alias to an icon', errors: ['name_taken'] }),
    validate(s.createAliasBody),
    requireAccess('project:aliases', bodyProject),
    async (c) =>
      c.json({
        data: await createAlias(
          deps,
          { scope: c.get('scope'), projectId: c.get('body').project_id },
          c.get('body'),
        ),
      }),
  )

  // POST /api/projects/aliases/update {project_id, name, deprecated, reason?, remove_in?}.
  app.post(
    '/aliases/update',
    describe({ tag: 'Aliases', summary: 'Deprecate an alias, with a reason and the release it goes in' }),
    validate(s.updateAliasBody),
    requireAccess('project:aliases', bodyProject),
    async (c) =>
      c.json({
        data: await updateAlias(
          deps,
          { scope: c.get('scope'), projectId: c.get('body').project_id },
          c.get('body'),
        ),
      }),
  )

  // POST /api/projects/aliases/delete {project_id, name}: the name is free again.
  app.post(
    '/aliases/delete',
    describe({ tag: 'Aliases', summary: 'Remove an alias' }),
    validate(s.deleteAliasBody),
    requireAccess('project:aliases', bodyProject),
    async (c) =>
      c.json({
        data: await deleteAlias(
          deps,
          { scope: c.get('scope'), projectId: c.get('body').project_id },
          c.get('body'),
        ),
      }),
  )

  return app
}
