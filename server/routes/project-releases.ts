// /api/projects/release*, /api/projects/releases and /api/projects/export (ADR 0017,
// 0104): releasing is 'project:release' (owners and admins; the owner in personal mode:
// common/permissions.ts); listing releases, the preview and exports are 'icon:read'.
import { type Context, Hono } from 'hono'
import * as s from '../../common/schemas/releases.ts'
import { EXPORT_FORMATS } from '../../common/schemas/releases.ts'
import { projectScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { exportProject } from '../domain/exports/project-export.ts'
import { type JsonText, listReleases, releasePreview, releaseProject } from '../domain/projects/releases.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { byUser, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

type Project = { id: string; name: string }

/** An answer the domain wrote as JSON text (a release's changelog is the worker's text, ADR 0111). */
const jsonText = (c: Context, answer: JsonText) =>
  c.body(answer.json, 200, { 'content-type': 'application/json; charset=UTF-8' })

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
  app.post(
    '/release',
    describe({
      tag: 'Releases',
      summary: 'Release the project as it is now (a semantic version)',
      errors: ['unchanged', 'version_taken'],
    }),
    validate(s.releaseBody),
    requireAccess('project:release', bodyProject),
    async (c) => jsonText(c, await releaseProject(deps, actorOf(c), c.get('body'))),
  )

  // GET /api/projects/releases?project_id=: newest first.
  app.get(
    '/releases',
    describe({ tag: 'Releases', summary: "A project's releases, newest first" }),
    validateQuery(s.releasesQuery),
    requireAccess('icon:read', queryProject),
    async (c) => jsonText(c, await listReleases(deps.db, c.get('query').project_id)),
  )

  // GET /api/projects/release-preview?project_id=: the suggested version and the changes since.
  app.get(
    '/release-preview',
    describe({
      tag: 'Releases',
      summary: 'The suggested next version and the changes since the last release',
    }),
    validateQuery(s.releasesQuery),
    requireAccess('icon:read', queryProject),
    async (c) => jsonText(c, await releasePreview(deps, actorOf(c), c.get('query').project_id)),
  )

  // GET /api/projects/export?project_id=&format=&release=&prefix=: the bytes of the in-app export
  // (format=font: built here only, ADR 0105), built in a heavy-work worker and kept (ADR 0310),
  // streamed as the worker packs it (ADR 0111).
  app.get(
    '/export',
    describe({
      tag: 'Releases',
      summary: 'The project (now, or a release) as a file in one of the export formats',
      answer: { description: 'The file', type: 'application/octet-stream' },
      // A font of a project that has given out every code point (ADR 0105); a build still running
      // past its wall-time backstop (ADR 0310: 413 too_large and 429 are common to every route).
      errors: ['conflict', 'busy'],
    }),
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
      return c.body(result.body, 200, {
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
