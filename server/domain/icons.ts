// Icons: list a project's icons; create (through the SVG pipeline, needs the plan's
// entitlement, the server decides the review status), rename or approve, delete.
import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import { type Plan, saveIconsRefusal } from '../../common/plans.ts'
import type { createIconBody, IconStatus, updateIconBody } from '../../common/schemas/icons.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { isSvgError } from '../../common/svg/index.ts'
import { icons } from '../db/schema/index.ts'
import { serveMany } from '../svg-pool/serve-many.ts'
import { assertCan, projectScope, type Scope } from './access.ts'
import type { Actor, Deps } from './deps.ts'
import { ApiError, badRequest, conflict, forbidden, notFound } from './errors.ts'
import { toIconRow } from './rows.ts'
import { servedIconRow, servedSvg } from './served-svg.ts'
import { currentPlan } from './subscriptions.ts'

export type IconRecord = typeof icons.$inferSelect
export const ICON_NOT_FOUND = 'Icon not found'

const { svg: _markup, ...columnsButSvg } = getTableColumns(icons)
/** Every column but the markup: a create does not read back the (up to 512 KB of) markup it wrote. */
export const iconColumnsButSvg = columnsButSvg

/** The stored markup, sanitised once more on the way out (defence in depth). */
export const served = servedIconRow

/** Sanitised markup to serve (memoised: served-svg.ts); an empty icon when it cannot be parsed. */
export const safeSvg = servedSvg

export async function listIcons({ db, svg }: Deps, actor: Actor, projectId: string): Promise<IconRow[]> {
  await projectScope(db, actor, projectId)
  const rows = await db
    .select()
    .from(icons)
    .where(eq(icons.project_id, projectId))
    .orderBy(asc(icons.created_at))
  // Markup not served before is sanitised in the SVG worker pool, not on the event loop.
  const svgs = await serveMany(
    svg,
    rows.map((row) => row.svg),
    actor.id,
  )
  return rows.map((row, at) => ({ ...toIconRow(row), svg: svgs[at]! }))
}

/** An icon the caller may see, with its scope; 404 otherwise. */
export async function iconScope({ db }: Deps, actor: Actor, iconId: string) {
  const [icon] = await db.select().from(icons).where(eq(icons.id, iconId))
  if (!icon) throw notFound(ICON_NOT_FOUND)
  try {
    const { scope } = await projectScope(db, actor, icon.project_id)
    return { icon, scope }
  } catch (error) {
    // Only "may not see the project" becomes the icon's 404; a database failure stays one.
    if (error instanceof ApiError && error.status === 404) throw notFound(ICON_NOT_FOUND)
    throw error
  }
}

/** The workspace owner's plan now (a lapsed subscription settled first); none in personal mode. */
const ownerPlan = ({ db }: Deps, scope: Scope): Promise<Plan | undefined> =>
  scope.kind === 'personal' ? Promise.resolve(undefined) : currentPlan(db, scope.workspace.user_id)

/** The prefix the pipeline gives an icon's internal ids (the browser's import uses the same). */
export const iconIdPrefix = (id: string) => `i${id.replaceAll('-', '').slice(0, 8)}-`

/** Needs review when a member (not admin/owner) saves into a workspace that asks for it. */
export const decideStatus = (scope: Scope): IconStatus =>
  scope.kind === 'workspace' && scope.workspace.review_icons && scope.role === 'member'
    ? 'needs-review'
    : 'approved'

/**
 * The checks every create of icons into a project shares (/create and /create-many), in this
 * order: the project is visible (404), the role may add icons (403), the body's workspace is the
 * project's (400), the plan may save icons (403, the seed's message).
 */
export async function createTarget(deps: Deps, actor: Actor, projectId: string, workspaceId: string | null) {
  const { scope, project } = await projectScope(deps.db, actor, projectId)
  assertCan(scope, 'icon:create')
  if (workspaceId !== project.workspace_id) throw badRequest(appMessages.iconWorkspaceMismatch)
  const refusal = saveIconsRefusal({ userPlan: actor.plan, workspaceOwnerPlan: await ownerPlan(deps, scope) })
  if (refusal) throw forbidden(refusal)
  return { scope, project }
}

/** The row a create stores: the project's workspace, the status the server decides, the pipeline's markup. */
export function newIconRow(
  body: z.output<typeof createIconBody>,
  svg: string,
  actor: Actor,
  { scope, project }: Awaited<ReturnType<typeof createTarget>>,
  createdAt?: Date,
): typeof icons.$inferInsert {
  return {
    id: body.id,
    name: body.name,
    svg,
    user_id: actor.id,
    origin_icon_id: body.origin_icon_id,
    project_id: project.id,
    workspace_id: project.workspace_id,
    icon_status: decideStatus(scope),
    ...(createdAt ? { created_at: createdAt } : {}),
  }
}

export async function createIcon(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof createIconBody>,
): Promise<IconRow> {
  const { scope, project } = await createTarget(deps, actor, body.project_id, body.workspace_id ?? null)
  let svg: string
  try {
    // In the worker pool, under the caller's lane (a CPU deadline; busy: 429/503).
    svg = await deps.svg.process(body.svg, { idPrefix: iconIdPrefix(body.id) }, actor.id)
  } catch (err) {
    if (isSvgError(err)) throw badRequest(err.message)
    throw err
  }
  const [inserted] = await deps.db
    .insert(icons)
    .values(newIconRow(body, svg, actor, { scope, project }))
    .onConflictDoNothing()
    .returning(iconColumnsButSvg)
  const created = inserted && { ...inserted, svg }
  if (!created) {
    const [existing] = await deps.db.select().from(icons).where(eq(icons.id, body.id))
    if (existing?.project_id !== project.id || existing.user_id !== actor.id)
      throw conflict(appMessages.idTaken)
    return served(existing)
  }
  await publish(deps, created, project.user_id, 'upsert')
  return served(created)
}

export async function updateIcon(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof updateIconBody>,
): Promise<IconRow> {
  const { icon, scope } = await iconScope(deps, actor, body.id)
  assertCan(scope, 'icon:update')
  const status = body.icon_status ?? (icon.icon_status as IconStatus)
  if (status !== icon.icon_status) assertCan(scope, 'icon:approve')
  const [row] = await deps.db
    .update(icons)
    .set({ name: body.name, icon_status: status, updated_at: new Date() })
    .where(eq(icons.id, icon.id))
    .returning()
  await publish(deps, row!, scope.kind === 'personal' ? scope.ownerId : undefined, 'upsert')
  return served(row!)
}

export async function deleteIcon(deps: Deps, actor: Actor, iconId: string): Promise<{ id: string }> {
  const { icon, scope } = await iconScope(deps, actor, iconId)
  assertCan(scope, 'icon:delete')
  await deps.db.delete(icons).where(eq(icons.id, icon.id))
  await publish(deps, icon, scope.kind === 'personal' ? scope.ownerId : undefined, 'delete')
  return { id: icon.id }
}

function publish(deps: Deps, icon: IconRecord, ownerId: string | undefined, op: 'upsert' | 'delete') {
  return deps.events.publish({
    entity: 'icons',
    op,
    id: icon.id,
    workspace_id: icon.workspace_id,
    owner_id: ownerId,
  })
}
