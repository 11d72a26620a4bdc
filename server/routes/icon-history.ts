// /api/icons/* of an icon's history (ADR 0015): its versions, restoring one, replacing its drawing
// (same id, name, aliases and history), and the trash (deleted in the last 30 days, undelete). Each
// route names the action it needs with requireAccess (common/permissions.ts; ADR 0004).
import { Hono } from 'hono'
import * as s from '../../common/schemas/icons.ts'
import { projectScope } from '../domain/access.ts'
import type { Deps } from '../domain/deps.ts'
import { historyScope, iconHistory, replaceIcon, restoreIcon } from '../domain/icons/icon-history.ts'
import {
  type DeletedInScope,
  deletedIconScope,
  deletedIconsOf,
  undeleteIcon,
} from '../domain/icons/icon-trash.ts'
import { type IconInScope, iconScope } from '../domain/icons/icons.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe, SAVES } from './describe.ts'

export function iconHistoryRoutes(deps: Deps) {
  const app = new Hono<AppEnv & { Variables: { icon: IconInScope; deleted: DeletedInScope } }>()
  app.use(requireUser)
  const bodyIcon: Locate = async (c, actor) => {
    const located = await iconScope(deps, actor, (c.get('body') as { id: string }).id)
    c.set('icon', located)
    return located.scope
  }

  // GET /api/icons/history?id=: every version of an icon (also one in the trash), newest first.
  const historyIcon: Locate = (c, actor) => historyScope(deps, actor, (c.get('query') as { id: string }).id)
  app.get(
    '/history',
    describe({ tag: 'History', summary: "An icon's versions, newest first" }),
    validateQuery(s.iconHistoryQuery),
    requireAccess('icon:read', historyIcon),
    async (c) => c.json({ data: await iconHistory(deps, actorOf(c), c.get('query').id) }),
  )

  // POST /api/icons/restore {id, version}: that version's name and markup as a new version.
  app.post(
    '/restore',
    describe({
      tag: 'History',
      summary: 'Bring back a version of an icon (as a new version)',
      errors: SAVES,
    }),
    validate(s.restoreIconBody),
    requireAccess('icon:update', bodyIcon),
    async (c) => c.json({ data: await restoreIcon(deps, actorOf(c), c.get('icon'), c.get('body')) }),
  )

  // POST /api/icons/replace {id, svg}: a new drawing through the create pipeline; same id, name,
  // aliases and history.
  app.post(
    '/replace',
    describe({
      tag: 'History',
      summary: "Replace an icon's SVG, keeping its name, id and history",
      errors: SAVES,
    }),
    validate(s.replaceIconBody),
    requireAccess('icon:update', bodyIcon),
    async (c) => c.json({ data: await replaceIcon(deps, actorOf(c), c.get('icon'), c.get('body')) }),
  )

  // GET /api/icons/deleted?project_id=: the project's icons deleted in the last 30 days, newest first.
  const queryProject: Locate = async (c, actor) =>
    (await projectScope(deps.db, actor, (c.get('query') as { project_id: string }).project_id)).scope
  app.get(
    '/deleted',
    describe({ tag: 'History', summary: "A project's icons deleted in the last 30 days" }),
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
  app.post(
    '/undelete',
    describe({ tag: 'History', summary: 'Bring back a deleted icon', errors: [...SAVES, 'gone'] }),
    validate(s.undeleteIconBody),
    requireAccess('icon:update', bodyDeleted),
    async (c) => c.json({ data: await undeleteIcon(deps, actorOf(c), c.get('deleted')) }),
  )

  return app
}
