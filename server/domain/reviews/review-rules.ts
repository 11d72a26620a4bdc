// A workspace's review rules (ADR 0110): read by every member, set by owners and admins (a preset
// fills them, a change of any rule makes the preset `custom`), and the checks of a drawing against
// them, run in the SVG pool's workers (stored markup can be large: never on the event loop). The
// table is not synced (no version, no change note): the settings dialog reads it on opening.
import { and, eq, isNull } from 'drizzle-orm'
import { can, type Role } from '../../../common/permissions.ts'
import { storedRules, updatedRules } from '../../../common/review-rules/index.ts'
import type { ReviewRulesState, UpdateReviewRulesBody } from '../../../common/schemas/review-rules.ts'
import type { Db } from '../../db/client.ts'
import { icons, workspaceAccess, workspaceReviewRules, workspaces } from '../../db/schema/index.ts'
import { projectScope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError, forbidden, notFound } from '../errors.ts'
import { processDrawing } from '../icons/create-icons.ts'
import { ICON_NOT_FOUND } from '../icons/locked-icon.ts'
import { checkStored, state } from './rule-checks.ts'

export { checkStored, readReviewRules } from './rule-checks.ts'

/**
 * POST /api/workspaces/update-review-rules: decided on the caller's access row, locked (a role
 * changed or a workspace deleted meanwhile refuses it), and merged on the rules' row, locked, so two
 * admins changing different rules at once both keep their change.
 */
export async function updateReviewRules(
  { db }: Deps,
  actor: Actor,
  body: UpdateReviewRulesBody,
): Promise<ReviewRulesState> {
  return db.transaction(async (tx) => {
    const [access] = await tx
      .select({ role: workspaceAccess.role })
      .from(workspaceAccess)
      .innerJoin(workspaces, eq(workspaces.id, workspaceAccess.workspace_id))
      .where(
        and(
          eq(workspaceAccess.workspace_id, body.workspaceId),
          eq(workspaceAccess.user_id, actor.id),
          isNull(workspaces.deleted_at),
        ),
      )
      .for('share')
    if (!access) throw notFound('Workspace not found')
    if (!can(access.role as Role, 'workspace:review-rules')) throw forbidden()
    await tx
      .insert(workspaceReviewRules)
      .values({ workspace_id: body.workspaceId, preset: null, rules: storedRules(null) })
      .onConflictDoNothing()
    const [row] = await tx
      .select({ preset: workspaceReviewRules.preset, rules: workspaceReviewRules.rules })
      .from(workspaceReviewRules)
      .where(eq(workspaceReviewRules.workspace_id, body.workspaceId))
      .for('update')
    const next = updatedRules(state(row), body)
    await tx
      .update(workspaceReviewRules)
      .set({ preset: next.preset, rules: next.rules, updated_at: new Date(), updated_by: actor.id })
      .where(eq(workspaceReviewRules.workspace_id, body.workspaceId))
    return next
  })
}

/** An icon the caller may read, with the scope of its project and what is checked of it; 404 otherwise. */
export async function checkedIconScope(db: Db, actor: Actor, iconId: string) {
  const [icon] = await db
    .select({ project_id: icons.project_id, workspace_id: icons.workspace_id, svg: icons.svg })
    .from(icons)
    .where(eq(icons.id, iconId))
  if (!icon) throw notFound(ICON_NOT_FOUND)
  try {
    const { scope } = await projectScope(db, actor, icon.project_id)
    return { scope, icon: { workspace_id: icon.workspace_id, svg: icon.svg } }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(ICON_NOT_FOUND)
    throw error
  }
}

/** POST /api/icons/check-rules: a drawing not stored, through the create pipeline, then checked. */
export async function checkDrawing(deps: Deps, actor: Actor, workspaceId: string, input: string) {
  const svg = await processDrawing(deps, actor, crypto.randomUUID(), input)
  return checkStored(deps, actor, workspaceId, svg)
}
