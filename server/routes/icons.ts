// /api/icons/*: seed §7, paths and payloads exactly, plus a safe SVG download.
import { Hono } from 'hono'
import { z } from 'zod'
import { messages } from '../../common/messages.ts'
import { requiredId } from '../../common/schemas/fields.ts'
import * as s from '../../common/schemas/icons.ts'
import { cssClassName, loadSvgo } from '../../common/svg/index.ts'
import { createIcons } from '../domain/create-icons.ts'
import type { Deps } from '../domain/deps.ts'
import { createIcon, deleteIcon, iconScope, listIcons, safeSvg, updateIcon } from '../domain/icons.ts'
import { moveIcons } from '../domain/move-icons.ts'
import { actorOf } from '../middleware/access.ts'
import { byUser, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'

const downloadQuery = z.strictObject({ id: requiredId(messages.iconIdRequired) })

export function iconRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)
  // svgo loads on first use (~0.1 s and more on a busy machine): load it now, not in the first create.
  void loadSvgo().catch(() => {})

  // GET /api/icons?project_id=: the icons of a project the caller may see.
  app.get('/', validateQuery(s.listIconsQuery), async (c) =>
    c.json({ data: await listIcons(deps, actorOf(c), c.get('query').project_id) }),
  )

  // POST /api/icons/create: sanitised and optimised by the SVG pipeline; idempotent on id.
  app.post('/create', validate(s.createIconBody), async (c) =>
    c.json({ data: await createIcon(deps, actorOf(c), c.get('body')) }),
  )

  // POST /api/icons/create-many {icons: [create body…]}: a drop of files; one result per icon, in
  // order; what the icons share refuses the whole request as /create would; teammates and the
  // user's other sessions hear of them on the live stream, this session has the answer (ADR 0401).
  app.post(
    '/create-many',
    rateLimit(LIMITS.createManyPerUser, byUser),
    validate(s.createIconsBody),
    async (c) =>
      c.json({
        data: { results: await createIcons(deps, actorOf(c), c.get('body').icons, c.var.user?.sessionId) },
      }),
  )

  // POST /api/icons/move {ids, project_id}: the same icons (ids, authors, dates) into another
  // project, checked on both sides; answers the moved rows; teammates hear of it live.
  app.post('/move', validate(s.moveIconsBody), async (c) =>
    c.json({ data: await moveIcons(deps, actorOf(c), c.get('body'), c.var.user?.sessionId) }),
  )

  // POST /api/icons/update: rename; owners and admins may also change the status.
  app.post('/update', validate(s.updateIconBody), async (c) =>
    c.json({ data: await updateIcon(deps, actorOf(c), c.get('body')) }),
  )

  // POST /api/icons/delete: removes an icon.
  app.post('/delete', validate(s.deleteIconBody), async (c) =>
    c.json({ data: await deleteIcon(deps, actorOf(c), c.get('body').id) }),
  )

  // GET /api/icons/download?id=: the SVG as an attachment that can never run script.
  app.get('/download', validateQuery(downloadQuery), async (c) => {
    const { icon } = await iconScope(deps, actorOf(c), c.get('query').id)
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
