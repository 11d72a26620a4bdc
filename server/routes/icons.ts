// /api/icons/*: docs/product.md §API, the specified paths and payloads exactly, plus a safe SVG download. Each route names the
// action it needs with requireAccess (common/permissions.ts; ADR 0004); one create path (ADR 0010).
import { Hono } from 'hono'
import { z } from 'zod'
import { messages } from '../../common/messages.ts'
import * as dup from '../../common/schemas/duplicates.ts'
import { requiredId } from '../../common/schemas/fields.ts'
import { iconChangesQuery } from '../../common/schemas/icon-changes.ts'
import * as s from '../../common/schemas/icons.ts'
import { cssClassName } from '../../common/svg/index.ts'
import { assertCan, projectScope } from '../domain/access.ts'
import { createIcon, createIcons } from '../domain/create-icons.ts'
import type { Deps } from '../domain/deps.ts'
import { checkDuplicates, duplicateGroups } from '../domain/duplicates.ts'
import { iconChanges } from '../domain/icon-changes.ts'
import { historyScope, iconHistory, replaceIcon, restoreIcon } from '../domain/icon-history.ts'
import {
  forgetIconLists,
  iconListAnswer,
  type ListedProject,
  streamedListTag,
} from '../domain/icon-list-cache.ts'
import {
  type DeletedInScope,
  deletedIconScope,
  deletedIconsOf,
  purgeTrashLater,
  undeleteIcon,
} from '../domain/icon-trash.ts'
import { deleteIcon, type IconInScope, iconScope, safeSvg, updateIcon } from '../domain/icons.ts'
import { moveIcons } from '../domain/move-icons.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { answerKept, answerStreamed, clientHas } from '../middleware/compress-json.ts'
import { byUser, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'

const downloadQuery = z.strictObject({ id: requiredId(messages.iconIdRequired) })

/** The projects of a create-many body's valid icons, in order of first use (invalid ones are refused alone). */
const projectIdsOf = (items: unknown[]) => [
  ...new Set(
    items.flatMap((item) => {
      const parsed = s.createIconBody.safeParse(item)
      return parsed.success ? [parsed.data.project_id] : []
    }),
  ),
]

export function iconRoutes(deps: Deps) {
  const app = new Hono<
    AppEnv & { Variables: { icon: IconInScope; listed: ListedProject; deleted: DeletedInScope } }
  >()
  app.use(requireUser)
  // Notes may have been missed (the listener's connection was lost): kept lists go too (ADR 0306).
  deps.events.onResync(() => forgetIconLists(deps.db))

  const projectOf =
    (id: (c: Parameters<Locate>[0]) => string): Locate =>
    async (c, actor) =>
      (await projectScope(deps.db, actor, id(c))).scope
  // The list's access check reads the project's row: its list version comes with it (one read, not two).
  const listedProject: Locate = async (c, actor) => {
    const { scope, project } = await projectScope(
      deps.db,
      actor,
      (c.get('query') as { project_id: string }).project_id,
    )
    c.set('listed', {
      id: project.id,
      createdAt: project.created_at,
      listVersion: Number(project.list_version),
    })
    return scope
  }
  const bodyProject = projectOf((c) => (c.get('body') as { project_id: string }).project_id)
  const iconBy =
    (id: (c: Parameters<Locate>[0]) => string): Locate =>
    async (c, actor) => {
      const located = await iconScope(deps, actor, id(c))
      c.set('icon', located)
      return located.scope
    }
  const bodyIcon = iconBy((c) => (c.get('body') as { id: string }).id)
  const queryIcon = iconBy((c) => (c.get('query') as { id: string }).id)
  // create-many: every project the icons go to, in order (404, then 403 for the first refused);
  // a body whose items name no project is answered item by item, in the caller's own scope.
  const bodyProjects: Locate = async (c, actor) => {
    const ids = projectIdsOf((c.get('body') as { icons: unknown[] }).icons)
    const scopes = []
    for (const id of ids) {
      const { scope } = await projectScope(deps.db, actor, id)
      assertCan(scope, 'icon:create')
      scopes.push(scope)
    }
    return scopes[0] ?? { kind: 'personal', ownerId: actor.id }
  }
  // GET /api/icons?project_id=: the icons of a project the caller may see.
  app.get('/', validateQuery(s.listIconsQuery), requireAccess('icon:read', listedProject), async (c) => {
    const listed = c.get('listed')
    // A client holding this version's streamed list is answered 304 before a row is read.
    const tag = streamedListTag(listed)
    if (clientHas(c, tag)) return answerStreamed(c, { etag: tag, chunks: async function* () {} })
    // Kept per list version with its ETag, or streamed page by page (icon-list-cache.ts, ADR 0303, 0304).
    const list = await iconListAnswer(deps, actorOf(c), listed)
    return 'kept' in list ? answerKept(c, list.kept) : answerStreamed(c, list.streamed)
  })

  // GET /api/icons/changes?project_id=&since=<cursor>: what changed in the project since the cursor
  // (the CLI's lock, ADR 0020): changed icons, removed ids, the next cursor; 400 for another
  // project's cursor, 410 for one older than the kept history.
  app.get('/changes', validateQuery(iconChangesQuery), requireAccess('icon:read', listedProject), async (c) =>
    c.json({
      data: await iconChanges(deps, actorOf(c), c.get('listed'), c.get('scope'), c.get('query').since),
    }),
  )

  // POST /api/icons/create: the batch of one (create-icons.ts): through the SVG pipeline; idempotent on id.
  app.post('/create', validate(s.createIconBody), requireAccess('icon:create', bodyProject), async (c) =>
    c.json(await createIcon(deps, actorOf(c), c.get('body'))),
  )

  // POST /api/icons/create-many {icons: [create body…]}: a drop of files; one result per icon, in
  // order; what the icons share refuses the whole request as /create would; teammates and the
  // user's other sessions hear of them on the live stream, this session has the answer (ADR 0401).
  app.post(
    '/create-many',
    rateLimit(LIMITS.createManyPerUser, byUser),
    validate(s.createIconsBody),
    requireAccess('icon:create', bodyProjects),
    async (c) =>
      c.json({
        data: { results: await createIcons(deps, actorOf(c), c.get('body').icons, c.var.user?.sessionId) },
      }),
  )

  // POST /api/icons/check-duplicates {project_id, svgs, exclude_id?}: what each drawing would repeat
  // in the project (issue 25, ADR 0109); stores nothing. GET /api/icons/duplicates?project_id=: the
  // project's icons grouped by drawing.
  app.post(
    '/check-duplicates',
    validate(dup.checkDuplicatesBody),
    requireAccess('icon:read', bodyProject),
    async (c) => c.json({ data: { results: await checkDuplicates(deps, actorOf(c), c.get('body')) } }),
  )
  app.get(
    '/duplicates',
    validateQuery(dup.duplicateGroupsQuery),
    requireAccess(
      'icon:read',
      projectOf((c) => (c.get('query') as { project_id: string }).project_id),
    ),
    async (c) => c.json({ data: await duplicateGroups(deps, actorOf(c).id, c.get('query').project_id) }),
  )

  // POST /api/icons/move {ids, project_id}: the same icons (ids, authors, dates) into another
  // project, checked on both sides; answers the moved rows; teammates hear of it live.
  app.post('/move', validate(s.moveIconsBody), requireAccess('icon:create', bodyProject), async (c) =>
    c.json({ data: await moveIcons(deps, actorOf(c), c.get('body'), c.var.user?.sessionId) }),
  )

  // POST /api/icons/update: rename; owners and admins may also change the status. With a
  // base_revision older than the icon's, the answer names the version it replaced (`conflict`).
  app.post('/update', validate(s.updateIconBody), requireAccess('icon:update', bodyIcon), async (c) =>
    c.json(await updateIcon(deps, actorOf(c), c.get('icon'), c.get('body'))),
  )

  // POST /api/icons/delete: moves an icon to its project's "Recently deleted" (issue 22).
  app.post('/delete', validate(s.deleteIconBody), requireAccess('icon:delete', bodyIcon), async (c) => {
    const data = await deleteIcon(deps, actorOf(c), c.get('icon'))
    await purgeTrashLater(deps.db)
    return c.json({ data })
  })

  // GET /api/icons/history?id=: every version of an icon (also one in the trash), newest first.
  const historyIcon: Locate = (c, actor) => historyScope(deps, actor, (c.get('query') as { id: string }).id)
  app.get('/history', validateQuery(s.iconHistoryQuery), requireAccess('icon:read', historyIcon), async (c) =>
    c.json({ data: await iconHistory(deps, actorOf(c), c.get('query').id) }),
  )

  // POST /api/icons/restore {id, version}: that version's name and markup as a new version.
  app.post('/restore', validate(s.restoreIconBody), requireAccess('icon:update', bodyIcon), async (c) =>
    c.json({ data: await restoreIcon(deps, actorOf(c), c.get('icon'), c.get('body')) }),
  )

  // POST /api/icons/replace {id, svg}: a new drawing through the create pipeline; same id, name,
  // aliases and history.
  app.post('/replace', validate(s.replaceIconBody), requireAccess('icon:update', bodyIcon), async (c) =>
    c.json({ data: await replaceIcon(deps, actorOf(c), c.get('icon'), c.get('body')) }),
  )

  // GET /api/icons/deleted?project_id=: the project's icons deleted in the last 30 days, newest first.
  const queryProject = projectOf((c) => (c.get('query') as { project_id: string }).project_id)
  app.get(
    '/deleted',
    validateQuery(s.deletedIconsQuery),
    requireAccess('icon:read', queryProject),
    async (c) => c.json({ data: await deletedIconsOf(deps, actorOf(c), c.get('query').project_id) }),
  )

  // POST /api/icons/undelete {id}: back from "Recently deleted" with its id, name and history.
  const bodyDeleted: Locate = async (c, actor) => {
    const located = await deletedIconScope(deps, actor, (c.get('body') as { id: string }).id)
    c.set('deleted', located)
    return located.scope
  }
  app.post('/undelete', validate(s.undeleteIconBody), requireAccess('icon:update', bodyDeleted), async (c) =>
    c.json({ data: await undeleteIcon(deps, actorOf(c), c.get('deleted')) }),
  )

  // GET /api/icons/download?id=: the SVG as an attachment that can never run script.
  app.get('/download', validateQuery(downloadQuery), requireAccess('icon:read', queryIcon), async (c) => {
    const { icon } = c.get('icon')
    const file = `${cssClassName(icon.name) || 'icon'}.svg`
    return c.body(safeSvg(icon.svg), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return app
}
