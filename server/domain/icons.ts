// Icons: list a project's icons; what every create shares (create-icons.ts is the one create
// path: the plan's entitlement, the review status the server decides), rename or approve, delete.
import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { z } from 'zod'
import { newIconStatus } from '../../common/icon-rules.ts'
import { appMessages } from '../../common/messages.ts'
import { type Plan, saveIconsRefusal } from '../../common/plans.ts'
import type { createIconBody, IconStatus, updateIconBody } from '../../common/schemas/icons.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { icons } from '../db/schema/index.ts'
import { serveMany } from '../svg-pool/serve-many.ts'
import { assertCan, projectScope, roleOf, type Scope } from './access.ts'
import type { Actor, Deps } from './deps.ts'
import { ApiError, badRequest, forbidden, notFound } from './errors.ts'
import { toIconRow } from './rows.ts'
import { servedIconRow, servedSvg } from './served-svg.ts'
import { currentPlan } from './subscriptions.ts'
import { addTombstones, bumpScope, scopeOf, type Tx } from './sync-versions.ts'

export type IconRecord = typeof icons.$inferSelect
export const ICON_NOT_FOUND = 'Icon not found'

const { svg: _markup, ...columnsButSvg } = getTableColumns(icons)
/** Every column but the markup: a create does not read back the (up to 512 KB of) markup it wrote. */
export const iconColumnsButSvg = columnsButSvg

/** The stored markup, sanitised once more on the way out (defence in depth). */
export const served = servedIconRow

/** Sanitised markup to serve (memoised: served-svg.ts); an empty icon when it cannot be parsed. */
export const safeSvg = servedSvg

/** The icons of a project the route located (requireAccess 'icon:read'), oldest first. */
export async function listIcons({ db, svg }: Deps, actor: Actor, projectId: string): Promise<IconRow[]> {
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

export type IconInScope = { icon: IconRecord; scope: Scope }

/** An icon the caller may see, with its scope; 404 otherwise. */
export async function iconScope({ db }: Deps, actor: Actor, iconId: string): Promise<IconInScope> {
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

/** The status of an icon added in this scope (common/icon-rules.ts: the one review rule). */
export const decideStatus = (scope: Scope): IconStatus =>
  newIconStatus(scope.kind === 'workspace' && scope.workspace.review_icons, roleOf(scope))

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

/** Renames an icon the route located (requireAccess 'icon:update'); a status change also needs 'icon:approve'. */
export async function updateIcon(
  deps: Deps,
  { icon, scope }: IconInScope,
  body: z.output<typeof updateIconBody>,
): Promise<IconRow> {
  const status = body.icon_status ?? (icon.icon_status as IconStatus)
  if (status !== icon.icon_status) assertCan(scope, 'icon:approve')
  const key = scopeOf(scope)
  const row = await deps.db.transaction(async (tx) => {
    const version = await bumpScope(tx, key)
    const [row] = await tx
      .update(icons)
      .set({ name: body.name, icon_status: status, updated_at: new Date(), version })
      .where(eq(icons.id, icon.id))
      .returning()
    await publish(deps, tx, row!, scope, 'upsert', version)
    return row!
  })
  return served(row)
}

/** Deletes an icon the route located (requireAccess 'icon:delete'); a tombstone tells pulls (ADR 0303). */
export async function deleteIcon(deps: Deps, { icon, scope }: IconInScope): Promise<{ id: string }> {
  await deps.db.transaction(async (tx) => {
    const version = await bumpScope(tx, scopeOf(scope))
    await tx.delete(icons).where(eq(icons.id, icon.id))
    await addTombstones(tx, scopeOf(scope), 'icons', [icon.id], version)
    await publish(deps, tx, icon, scope, 'delete', version)
  })
  return { id: icon.id }
}

/** Announces an icon's change inside its transaction, with its scope's version. */
function publish(
  deps: Deps,
  tx: Tx,
  icon: IconRecord,
  scope: Scope,
  op: 'upsert' | 'delete',
  version: number,
) {
  const owner = { owner_id: scope.kind === 'personal' ? scope.ownerId : undefined }
  const v = { scope: scopeOf(scope), version }
  return deps.events.publish(
    { entity: 'icons', op, id: icon.id, workspace_id: icon.workspace_id, ...owner, ...v },
    tx,
  )
}
