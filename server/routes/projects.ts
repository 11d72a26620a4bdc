// /api/projects/*: docs/product.md §API, the specified paths and payloads exactly.
import { Hono } from 'hono'
import * as s from '../../common/schemas/projects.ts'
import { deletedProjectScope, projectScope, tokenReaches, workspaceScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { projectListAnswer } from '../domain/projects/project-list-cache.ts'
import * as projects from '../domain/projects/projects.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { answerKept } from '../middleware/compress-json.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

type ProjectRecord = Awaited<ReturnType<typeof projectScope>>['project']

export function projectRoutes(deps: Deps) {
  const app = new Hono<AppEnv & { Variables: { project: ProjectRecord } }>()
  app.use(requireUser)

  const newProjectScope: Locate = async (c, actor) => {
    const { workspace_id } = c.get('body') as { workspace_id: string | null }
    return workspace_id
      ? workspaceScope(deps.db, actor, workspace_id)
      : { kind: 'personal', ownerId: actor.id }
  }
  const existingProject: Locate = async (c, actor) => {
    const { scope, project } = await projectScope(deps.db, actor, (c.get('body') as { id: string }).id)
    c.set('project', project)
    return scope
  }

  // GET /api/projects: personal projects and those of the caller's workspaces, kept until a change
  // note says otherwise (project-list-cache.ts, ADR 0303).
  // A token limited to some projects (ADR 0019) lists only those (not kept: the kept list is the user's).
  app.get('/', describe({ tag: 'Projects', summary: 'The projects the caller may see' }), async (c) => {
    const actor = actorOf(c)
    if (!actor.token?.project_ids) {
      return answerKept(c, await projectListAnswer(deps, actor, c.get('wroteElsewhere') === true))
    }
    const data = await projects.listProjects(deps, actor)
    return c.json({ data: data.filter((p) => tokenReaches(actor, p.id)) })
  })

  // POST /api/projects/create: personal, or in a workspace by its admins; idempotent on id.
  app.post(
    '/create',
    describe({
      tag: 'Projects',
      summary: 'Create a project',
      errors: ['plan_required', 'id_taken', 'name_taken'],
    }),
    validate(s.createProjectBody),
    requireAccess('project:create', newProjectScope),
    async (c) =>
      c.json({ data: await projects.createProject(deps, actorOf(c), c.get('scope'), c.get('body')) }),
  )

  // POST /api/projects/update: renames a project.
  app.post(
    '/update',
    describe({ tag: 'Projects', summary: 'Rename a project', errors: ['name_taken'] }),
    validate(s.updateProjectBody),
    requireAccess('project:update', existingProject),
    async (c) => c.json({ data: await projects.updateProject(deps, c.get('project'), c.get('body')) }),
  )

  // POST /api/projects/delete: deletes a project and its icons (kept 30 days for a restore, ADR 0018).
  app.post(
    '/delete',
    describe({ tag: 'Projects', summary: 'Delete a project (kept 30 days for a restore)' }),
    validate(s.deleteProjectBody),
    requireAccess('project:delete', existingProject),
    async (c) => c.json({ data: await projects.deleteProject(deps, actorOf(c), c.get('project')) }),
  )

  // GET /api/projects/deleted?workspace_id=: a workspace's (none: the caller's personal) projects
  // deleted in the last 30 days, to those who may delete projects there; a token limited to projects
  // (ADR 0019) lists only its own, as GET /api/projects does.
  const deletedListScope: Locate = async (c, actor) => {
    const { workspace_id } = c.get('query') as { workspace_id?: string }
    return workspace_id
      ? workspaceScope(deps.db, actor, workspace_id)
      : { kind: 'personal', ownerId: actor.id }
  }
  app.get(
    '/deleted',
    describe({ tag: 'Projects', summary: 'Projects deleted in the last 30 days' }),
    validateQuery(s.deletedProjectsQuery),
    requireAccess('project:delete', deletedListScope),
    async (c) => {
      const actor = actorOf(c)
      const data = await projects.listDeletedProjects(deps, c.get('scope'))
      return c.json({ data: data.filter((p) => tokenReaches(actor, p.id)) })
    },
  )

  // POST /api/projects/restore: a deleted project comes back with all its icons.
  const deletedProject: Locate = async (c, actor) => {
    const { scope, project } = await deletedProjectScope(deps.db, actor, (c.get('body') as { id: string }).id)
    c.set('project', project)
    return scope
  }
  app.post(
    '/restore',
    describe({ tag: 'Projects', summary: 'Restore a deleted project', errors: ['conflict', 'gone'] }),
    validate(s.restoreProjectBody),
    requireAccess('project:delete', deletedProject),
    async (c) =>
      c.json({
        data: await projects.restoreProject(deps, actorOf(c), c.get('scope'), c.get('project')),
      }),
  )

  return app
}
