// Icons: what every create shares (create-icons.ts is the one create
// path: the plan's entitlement, the review status the server decides), rename or approve, delete.
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { newIconStatus } from '../../../common/icon-rules.ts'
import { appMessages, reviewMessages } from '../../../common/messages.ts'
import type { Plan } from '../../../common/plans.ts'
import { saveRefusal } from '../../../common/save-rule.ts'
import type {
  createIconBody,
  IconStatus,
  IconUpdateAnswer,
  IconUpdateConflict,
  updateIconBody,
} from '../../../common/schemas/icons.ts'
import type { IconChangedField } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { deletedIcons, icons, iconVersions, user } from '../../db/schema/index.ts'
import { assertCan, displayNameOf, projectScope, roleOf, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { badRequest, conflict as conflictError, forbidden } from '../errors.ts'
import { currentPlan } from '../plans/subscriptions.ts'
import { assertRulesPass, checkedDrawing, logReview } from '../reviews/review-gate.ts'
import { scopeOf } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { assertNamesFree, renamedAliases } from './icon-aliases.ts'
import { type IconInScope, type IconRecord, lockIcon, onLockedIcon } from './locked-icon.ts'
import { servedIconRow, servedSvg } from './served-svg.ts'

export { ICON_NOT_FOUND, type IconInScope, type IconRecord, iconScope } from './locked-icon.ts'

const { svg: _markup, ...columnsButSvg } = getTableColumns(icons)
/** Every column but the markup: a create does not read back the (up to 512 KB of) markup it wrote. */
export const iconColumnsButSvg = columnsButSvg

/** The stored markup, sanitised once more on the way out (defence in depth). */
export const served = servedIconRow

/** Sanitised markup to serve (memoised: served-svg.ts); an empty icon when it cannot be parsed. */
export const safeSvg = servedSvg

/** The workspace owner's plan now (a lapsed subscription settled first); none in personal mode. */
const ownerPlan = ({ db }: Deps, scope: Scope): Promise<Plan | undefined> =>
  scope.kind === 'personal' ? Promise.resolve(undefined) : currentPlan(db, scope.workspace.user_id)

/** The plan whose storage quota counts in this scope: the workspace owner's, else the caller's. */
export const quotaPlan = async (deps: Deps, actor: Actor, scope: Scope): Promise<Plan> =>
  (await ownerPlan(deps, scope)) ?? actor.plan

/** The status of an icon added in this scope (common/icon-rules.ts: the one review rule). */
export const decideStatus = (scope: Scope): IconStatus =>
  newIconStatus(scope.kind === 'workspace' && scope.workspace.review_icons, roleOf(scope))

/**
 * The checks every create of icons into a project shares (/create and /create-many), in this
 * order: the project is visible (404), the role may add icons (403), the body's workspace is the
 * project's (400), the plan may save icons (403, the message of ADR 0202). Answers the plan that counts
 * here (the owner's in a workspace), whose storage quota the create then checks (quotas.ts).
 */
export async function createTarget(deps: Deps, actor: Actor, projectId: string, workspaceId: string | null) {
  const { scope, project } = await projectScope(deps.db, actor, projectId)
  assertCan(scope, 'icon:create')
  if (workspaceId !== project.workspace_id) throw badRequest(appMessages.iconWorkspaceMismatch)
  const workspaceOwnerPlan = await ownerPlan(deps, scope)
  // The one "may I save here?" rule (common/save-rule.ts), as the vault and the maker ask it.
  const refusal = saveRefusal({
    role: roleOf(scope),
    userPlan: actor.plan,
    ownerPlan: scope.kind === 'personal' ? undefined : (workspaceOwnerPlan ?? null),
  })
  if (refusal) throw forbidden(refusal.message, refusal.code)
  // The plan whose entitlements count here: its storage quota too (quotas.ts).
  return { scope, project, plan: workspaceOwnerPlan ?? actor.plan }
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
    // What the icon means: given by the caller, else the columns' defaults ('' and none).
    label: body.label ?? '',
    description: body.description ?? '',
    decorative: body.decorative ?? false,
    tags: body.tags ?? [],
    ...(createdAt ? { created_at: createdAt } : {}),
  }
}

/**
 * Renames an icon the route located (requireAccess 'icon:update'); a status change also needs
 * 'icon:approve', is logged in the review log, and an approval passes the review rules (409
 * `rules_failed`; ADR 0112). A change of name or status is a new version; a rename keeps the old
 * name as an alias, and may not take a name that is an alias of another icon (409). With a
 * `base_revision` older than the icon's and a newer version by someone else, the change still wins
 * and the answer names the version it replaced (`conflict`, ADR 0016).
 */
export async function updateIcon(
  deps: Deps,
  actor: Actor,
  located: IconInScope,
  body: z.output<typeof updateIconBody>,
): Promise<IconUpdateAnswer> {
  // Approving here passes the same gate as POST /api/icons/review (ADR 0112), with nothing overridden.
  const approving = body.icon_status === 'approved' && located.icon.icon_status !== 'approved'
  if (approving) {
    assertCan(located.scope, 'icon:approve')
    await assertRulesPass(deps, actor, located.icon)
  }
  const { row, conflict } = await onLockedIcon(deps, actor, located, ['icon:update'], (at) =>
    writeInScope(deps, [scopeOf(at.scope)], async ({ tx, version, announce, record }) => {
      // The row as locked: what the change replaces is what is stored now, where it is now.
      const { icon: now, scope } = await lockIcon(tx, actor, at, ['icon:update'])
      const status = body.icon_status ?? (now.icon_status as IconStatus)
      if (status !== now.icon_status) assertCan(scope, 'icon:approve')
      // Approved is the drawing whose rules were checked, nothing drawn since.
      if (
        status === 'approved' &&
        now.icon_status !== 'approved' &&
        !(approving && checkedDrawing(now, located.icon))
      )
        throw conflictError(reviewMessages.drawingKeptChanging)
      const fields: IconChangedField[] = []
      if (body.name !== now.name) fields.push('name')
      if (status !== now.icon_status) fields.push('icon_status')
      if (fields.includes('name'))
        await assertNamesFree(tx, now.project_id, [{ id: now.id, name: body.name }])
      const conflict =
        fields.length && body.base_revision !== undefined && body.base_revision < now.revision
          ? await replacedVersion(tx, now, actor)
          : undefined
      const [row] = await tx
        .update(icons)
        .set({
          name: body.name,
          icon_status: status,
          aliases: renamedAliases(now.aliases, now.name, body.name),
          // What it means: each field given replaces the stored one; not a version (ADR 0106).
          ...meaningOf(body),
          revision: fields.length ? now.revision + 1 : now.revision,
          updated_at: new Date(),
          version: version(scopeOf(scope)),
        })
        .where(eq(icons.id, now.id))
        .returning()
      if (status !== now.icon_status)
        await logReview(tx, actor, {
          icon_id: now.id,
          decision: status === 'approved' ? 'approve' : 'reject',
          comment: '',
          override: [],
          revision: row!.revision,
        })
      if (fields.length) {
        const replaced = conflict && { revision: now.revision, user_id: conflict.replaced_by?.id ?? null }
        record(actor.id, [
          { id: now.id, change: { kind: 'edited', fields, ...(replaced ? { replaced } : {}) } },
        ])
      }
      // The replaced version's author hears it on their stream too, with who replaced it (ADR 0408).
      const owner = conflict?.replaced_by
      const replaced = owner && {
        user_id: owner.id,
        revision: conflict.replaced_revision,
        name: conflict.replaced_name,
        by: await displayNameOf(tx, actor),
      }
      announce({ ...note(row!, scope, 'upsert'), ...(replaced ? { replaced } : {}) })
      return { row: row!, conflict }
    }),
  )
  return conflict ? { data: served(row), conflict } : { data: served(row) }
}

/** The meaning fields an update gives (absent ones stay as they are). */
function meaningOf(body: z.output<typeof updateIconBody>) {
  const { label, description, decorative, tags } = body
  return {
    ...(label === undefined ? {} : { label }),
    ...(description === undefined ? {} : { description }),
    ...(decorative === undefined ? {} : { decorative }),
    ...(tags === undefined ? {} : { tags }),
  }
}

/**
 * The newest version of `icon`, when someone other than `actor` made it (or an account now gone):
 * the version a change based on an older one replaces without having seen it. Undefined when the
 * newer versions are the actor's own (their queued changes arriving in order).
 */
async function replacedVersion(
  tx: Tx,
  icon: IconRecord,
  actor: Actor,
): Promise<IconUpdateConflict | undefined> {
  const [head] = await tx
    .select({ user_id: iconVersions.user_id, name: iconVersions.name, by_name: user.name, email: user.email })
    .from(iconVersions)
    .leftJoin(user, eq(user.id, iconVersions.user_id))
    .where(and(eq(iconVersions.icon_id, icon.id), eq(iconVersions.revision, icon.revision)))
  if (head?.user_id === actor.id) return undefined
  return {
    replaced_revision: icon.revision,
    replaced_name: head?.name ?? icon.name,
    replaced_by:
      head?.user_id && head.email !== null
        ? { id: head.user_id, name: head.by_name ?? '', email: head.email }
        : null,
  }
}

/**
 * Deletes an icon the route located (requireAccess 'icon:delete'): it moves to the project's
 * "Recently deleted" (deleted_icons, kept TRASH_DAYS with its history) and a tombstone tells pulls
 * (ADR 0303), in one write.
 */
export async function deleteIcon(deps: Deps, actor: Actor, located: IconInScope): Promise<{ id: string }> {
  await onLockedIcon(deps, actor, located, ['icon:delete'], (at) =>
    writeInScope(deps, [scopeOf(at.scope)], async ({ tx, tombstone, announce }) => {
      // Decided on the row as locked: a teammate's move committed meanwhile makes this run again
      // in the icon's new scope (or answer 404), never delete it from there with this one's rights.
      const { icon, scope } = await lockIcon(tx, actor, at, ['icon:delete'])
      await tx.execute(sql`
        insert into ${deletedIcons} (id, name, svg, user_id, origin_icon_id, project_id, workspace_id,
          icon_status, created_at, updated_at, revision, aliases, label, description, decorative, tags,
          drawing_hash, fingerprint, approved_revision, review_comment, deleted_at, deleted_by, with_project)
        select id, name, svg, user_id, origin_icon_id, project_id, workspace_id,
          icon_status, created_at, updated_at, revision, aliases, label, description, decorative, tags,
          drawing_hash, fingerprint, approved_revision, review_comment, now(), ${actor.id}, null
        from ${icons} where id = ${icon.id}
        -- An id deleted before (and created again since): the trash keeps its latest state.
        on conflict (id) do update set name = excluded.name, svg = excluded.svg, user_id = excluded.user_id,
          origin_icon_id = excluded.origin_icon_id, project_id = excluded.project_id,
          workspace_id = excluded.workspace_id, icon_status = excluded.icon_status,
          created_at = excluded.created_at, updated_at = excluded.updated_at, revision = excluded.revision,
          aliases = excluded.aliases, label = excluded.label, description = excluded.description,
          decorative = excluded.decorative, tags = excluded.tags, drawing_hash = excluded.drawing_hash,
          fingerprint = excluded.fingerprint, approved_revision = excluded.approved_revision,
          review_comment = excluded.review_comment, deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by,
          with_project = null`)
      await tx.delete(icons).where(eq(icons.id, icon.id))
      await tombstone(scopeOf(scope), 'icons', [icon.id])
      announce(note(icon, scope, 'delete'))
    }),
  )
  return { id: located.icon.id }
}

/** The note announcing an icon's change in its scope (the write stamps its version). */
export const note = (icon: IconRecord, scope: Scope, op: 'upsert' | 'delete') => ({
  entity: 'icons' as const,
  op,
  id: icon.id,
  workspace_id: icon.workspace_id,
  owner_id: scope.kind === 'personal' ? scope.ownerId : undefined,
  scope: scopeOf(scope),
})
