// /api/projects/*: docs/product.md §API, the specified paths and payloads exactly.
import { Hono } from 'hono'
import * as s from '../../common/schemas/projects.ts'
import { projectScope, workspaceScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { projectListAnswer } from '../domain/project-list-cache.ts'
import * as projects from '../domain/projects.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { answerKept } from '../middleware/compress-json.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

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
  app.get('/', async (c) => answerKept(c, await projectListAnswer(deps, actorOf(c))))

  // POST /api/projects/create: personal, or in a workspace by its admins; idempotent on id.
  app.post(
    '/create',
    validate(s.createProjectBody),
    requireAccess('project:create', newProjectScope),
    async (c) =>
      c.json({ data: await projects.createProject(deps, actorOf(c), c.get('scope'), c.get('body')) }),
  )

  // POST /api/projects/update: renames a project.
  app.post(
    '/update',
    validate(s.updateProjectBody),
    requireAccess('project:update', existingProject),
    async (c) => c.json({ data: await projects.updateProject(deps, c.get('project'), c.get('body')) }),
  )

  // POST /api/projects/delete: deletes a project and its icons.
  app.post(
    '/delete',
    validate(s.deleteProjectBody),
    requireAccess('project:delete', existingProject),
    async (c) => c.json({ data: await projects.deleteProject(deps, c.get('project')) }),
  )

  return app
}
