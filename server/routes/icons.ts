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
import type { Deps } from '../domain/deps.ts'
import { checkDuplicates, duplicateGroups } from '../domain/duplicates/duplicates.ts'
import { createIcon, createIcons } from '../domain/icons/create-icons.ts'
import { iconChanges } from '../domain/icons/icon-changes.ts'
import { firstScreenAnswer } from '../domain/icons/icon-first-screen.ts'
import {
  forgetIconLists,
  iconListAnswer,
  type ListedProject,
  streamedListTag,
} from '../domain/icons/icon-list-cache.ts'
import { purgeTrashLater } from '../domain/icons/icon-trash.ts'
import { deleteIcon, type IconInScope, iconScope, safeSvg, updateIcon } from '../domain/icons/icons.ts'
import { moveIcons } from '../domain/icons/move-icons.ts'
import { toProjectRow } from '../domain/rows.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { answerKept, answerStreamed, clientHas } from '../middleware/compress-json.ts'
import { byUser, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe, SAVES } from './describe.ts'

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
  const app = new Hono<AppEnv & { Variables: { icon: IconInScope; listed: ListedProject } }>()
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
      row: toProjectRow(project),
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
  app.get(
    '/',
    describe({ tag: 'Icons', summary: "A project's icons" }),
    validateQuery(s.listIconsQuery),
    requireAccess('icon:read', listedProject),
    async (c) => {
      const listed = c.get('listed')
      // A client holding this version's streamed list is answered 304 before a row is read.
      const tag = streamedListTag(listed)
      if (clientHas(c, tag)) return answerStreamed(c, { etag: tag, chunks: async function* () {} })
      // Kept per list version with its ETag, or streamed page by page (icon-list-cache.ts, ADR 0303, 0304).
      const list = await iconListAnswer(deps, actorOf(c), listed)
      return 'kept' in list ? answerKept(c, list.kept) : answerStreamed(c, list.streamed)
    },
  )

  // GET /api/icons/first?project_id=&limit=: the project's first icons in the grid's name order, for
  // a new device to paint while the whole list comes (icon-first-screen.ts, ADR 0419).
  app.get(
    '/first',
    describe({
      tag: 'Icons',
      summary:
        "A project's first icons in the name order the app's grid shows (`limit`, 200 unless asked, at most 500), with the project's row: what a new device paints while the whole list comes",
    }),
    validateQuery(s.firstIconsQuery),
    requireAccess('icon:read', listedProject),
    async (c) =>
      answerKept(c, await firstScreenAnswer(deps, actorOf(c), c.get('listed'), c.get('query').limit)),
  )

  // GET /api/icons/changes?project_id=&since=<cursor>: what changed in the project since the cursor
  // (the CLI's lock, ADR 0020): changed icons, removed ids, the next cursor; 400 for another
  // project's cursor, 410 for one older than the kept history.
  app.get(
    '/changes',
    describe({
      tag: 'Icons',
      summary:
        "What changed in a project since a cursor: `{ cursor, changed, removed, more }` (without `since`: the current cursor). Another project's cursor is 400; one older than the kept history 410 `cursor_expired`: list the project again",
      errors: ['cursor_expired'],
    }),
    validateQuery(iconChangesQuery),
    requireAccess('icon:read', listedProject),
    async (c) =>
      c.json({
        data: await iconChanges(deps, actorOf(c), c.get('listed'), c.get('scope'), c.get('query').since),
      }),
  )

  // POST /api/icons/create: the batch of one (create-icons.ts): through the SVG pipeline; idempotent on id.
  app.post(
    '/create',
    describe({ tag: 'Icons', summary: 'Add an icon (its SVG is cleaned as in the app)', errors: SAVES }),
    validate(s.createIconBody),
    // Who may create here is decided by createIcon itself, with create-many's rule (the project
    // visible: 404; the role: 403): a check here too would read the same rows twice (ADR 0417).
    async (c) => c.json(await createIcon(deps, actorOf(c), c.get('body'))),
  )

  // POST /api/icons/create-many {icons: [create body…]}: a drop of files; one result per icon, in
  // order; what the icons share refuses the whole request as /create would; teammates and the
  // user's other sessions hear of them on the live stream, this session has the answer (ADR 0401).
  app.post(
    '/create-many',
    describe({
      tag: 'Icons',
      summary: 'Add many icons; each item is checked as CreateIconBody on its own',
      errors: SAVES,
    }),
    rateLimit(LIMITS.createManyPerUser, byUser),
    validate(s.createIconsBody),
    requireAccess('icon:create', bodyProjects),
    async (c) =>
      c.json({
        data: { results: await createIcons(deps, actorOf(c), c.get('body').icons, c.var.user?.sessionId) },
      }),
  )

  // POST /api/icons/check-duplicates {project_id, svgs, exclude_id?}: what each drawing would repeat
  // in the project (ADR 0109); stores nothing. GET /api/icons/duplicates?project_id=: the
  // project's icons grouped by drawing.
  app.post(
    '/check-duplicates',
    describe({
      tag: 'Icons',
      summary:
        'What each drawing would repeat in a project, stored nothing: { data: { results: [{ duplicate_of, near_duplicate_of, drawing_hash } or { error }] } }',
    }),
    validate(dup.checkDuplicatesBody),
    requireAccess('icon:read', bodyProject),
    async (c) => c.json({ data: { results: await checkDuplicates(deps, actorOf(c), c.get('body')) } }),
  )
  app.get(
    '/duplicates',
    describe({
      tag: 'Icons',
      summary: "A project's icons grouped by drawing: { data: { exact: [[id…]], near: [[id…]] } }",
    }),
    validateQuery(dup.duplicateGroupsQuery),
    requireAccess(
      'icon:read',
      projectOf((c) => (c.get('query') as { project_id: string }).project_id),
    ),
    async (c) => c.json({ data: await duplicateGroups(deps, actorOf(c).id, c.get('query').project_id) }),
  )

  // POST /api/icons/move {ids, project_id}: the same icons (ids, authors, dates) into another
  // project, checked on both sides; answers the moved rows; teammates hear of it live.
  app.post(
    '/move',
    describe({ tag: 'Icons', summary: 'Move icons into another project', errors: SAVES }),
    validate(s.moveIconsBody),
    requireAccess('icon:create', bodyProject),
    async (c) => c.json({ data: await moveIcons(deps, actorOf(c), c.get('body'), c.var.user?.sessionId) }),
  )

  // POST /api/icons/update: rename; owners and admins may also change the status. With a
  // base_revision older than the icon's, the answer names the version it replaced (`conflict`).
  app.post(
    '/update',
    describe({ tag: 'Icons', summary: 'Rename an icon or change its SVG or status', errors: SAVES }),
    validate(s.updateIconBody),
    requireAccess('icon:update', bodyIcon),
    async (c) => c.json(await updateIcon(deps, actorOf(c), c.get('icon'), c.get('body'))),
  )

  // POST /api/icons/delete: moves an icon to its project's "Recently deleted".
  app.post(
    '/delete',
    describe({ tag: 'Icons', summary: 'Delete an icon (kept 30 days)' }),
    validate(s.deleteIconBody),
    requireAccess('icon:delete', bodyIcon),
    async (c) => {
      const data = await deleteIcon(deps, actorOf(c), c.get('icon'))
      await purgeTrashLater(deps.db)
      return c.json({ data })
    },
  )

  // GET /api/icons/download?id=: the SVG as an attachment that can never run script.
  app.get(
    '/download',
    describe({
      tag: 'Icons',
      summary: "An icon's cleaned SVG file",
      answer: { description: 'The SVG file', type: 'image/svg+xml', schema: { type: 'string' } },
    }),
    validateQuery(downloadQuery),
    requireAccess('icon:read', queryIcon),
    async (c) => {
      const { icon } = c.get('icon')
      const file = `${cssClassName(icon.name) || 'icon'}.svg`
      return c.body(safeSvg(icon.svg), 200, {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
        'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
      })
    },
  )

  return app
}
