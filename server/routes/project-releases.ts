// /api/projects/release*, /api/projects/releases and /api/projects/export (issue 22 items 6 and 7,
// ADR 0017, 0104): releasing is 'project:release' (owners and admins; the owner in personal mode:
// common/permissions.ts); listing releases, the preview and exports are 'icon:read'.
import { Hono } from 'hono'
import * as s from '../../common/schemas/releases.ts'
import { EXPORT_FORMATS } from '../../common/schemas/releases.ts'
import { projectScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { exportProject } from '../domain/project-export.ts'
import { listReleases, releasePreview, releaseProject } from '../domain/releases.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { byUser, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'

type Project = { id: string; name: string }

export function projectReleaseRoutes(deps: Deps) {
  const app = new Hono<AppEnv & { Variables: { project: Project } }>()
  for (const path of ['/release', '/releases', '/release-preview', '/export']) app.use(path, requireUser)

  const projectOf =
    (id: (c: Parameters<Locate>[0]) => string): Locate =>
    async (c, actor) => {
      const { scope, project } = await projectScope(deps.db, actor, id(c))
      c.set('project', { id: project.id, name: project.name })
      return scope
    }
  const queryProject = projectOf((c) => (c.get('query') as { project_id: string }).project_id)
  const bodyProject = projectOf((c) => (c.get('body') as { project_id: string }).project_id)

  // POST /api/projects/release { project_id, version?, notes? }: the exact set now, with its changelog.
  app.post('/release', validate(s.releaseBody), requireAccess('project:release', bodyProject), async (c) =>
    c.json({ data: await releaseProject(deps, actorOf(c), c.get('body')) }),
  )

  // GET /api/projects/releases?project_id=: newest first.
  app.get('/releases', validateQuery(s.releasesQuery), requireAccess('icon:read', queryProject), async (c) =>
    c.json({ data: await listReleases(deps.db, c.get('query').project_id) }),
  )

  // GET /api/projects/release-preview?project_id=: the suggested version and the changes since.
  app.get(
    '/release-preview',
    validateQuery(s.releasesQuery),
    requireAccess('icon:read', queryProject),
    async (c) => c.json({ data: await releasePreview(deps.db, c.get('query').project_id) }),
  )

  // GET /api/projects/export?project_id=&format=&release=&prefix=: the bytes of the in-app export
  // (format=font: built here only, ADR 0105), built in a heavy-work worker and kept (ADR 0310).
  app.get(
    '/export',
    rateLimit(LIMITS.exportsPerUser, byUser),
    validateQuery(s.exportQuery),
    requireAccess('icon:read', queryProject),
    async (c) => {
      const { format, release, prefix } = c.get('query')
      const result = await exportProject(
        deps,
        actorOf(c).id,
        c.get('project'),
        EXPORT_FORMATS[format],
        release,
        prefix,
      )
      return c.body(result.bytes, 200, {
        'content-type': result.mime.startsWith('text/') ? `${result.mime}; charset=utf-8` : result.mime,
        'content-disposition': `attachment; filename="${result.fileName}"`,
        'cache-control': 'private, no-store',
        // Icons left out (an alias that clashes, an icon that cannot be a glyph…): listed in the
        // font's demo page; counted here for every format.
        'x-skipped-icons': String(result.skipped.length),
      })
    },
  )

  return app
}
