// What deleting their account would do to each workspace the user owns, told before they confirm
// (GET /api/workspaces/heirs; ADR 0012, 0410): who it passes to, by account-deletion.ts's own heir
// rule (heirOf, never a second copy), or that it is deleted with the account when nobody else is in
// it; and whether the heir's plan lets members save icons there (common/plans.ts: only Gold does).
// Workspaces in "Recently deleted" are left out: the user does not see them any more.
import { and, asc, eq, isNull } from 'drizzle-orm'
import { canSaveIcons, type Plan } from '../../../common/plans.ts'
import type { WorkspaceHeirRow } from '../../../common/schemas/workspaces.ts'
import { user, workspaces } from '../../db/schema/index.ts'
import type { Actor, Deps } from '../deps.ts'
import { currentPlan } from '../plans/subscriptions.ts'
import { heirOf } from './account-deletion.ts'

export async function workspaceHeirs(deps: Deps, actor: Actor): Promise<WorkspaceHeirRow[]> {
  const owned = await deps.db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(and(eq(workspaces.user_id, actor.id), isNull(workspaces.deleted_at)))
    .orderBy(asc(workspaces.name), asc(workspaces.id))
  const rows: WorkspaceHeirRow[] = []
  for (const workspace of owned) {
    const heir = await heirOf(deps.db, workspace.id, actor.id)
    if (!heir?.user_id) {
      rows.push({ ...workspace, heir: null, heir_plan_saves: null })
      continue
    }
    const [person] = await deps.db
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, heir.user_id))
    // Its plan as a save would see it (a lapsed subscription settled first).
    const plan: Plan = await currentPlan(deps.db, heir.user_id)
    rows.push({
      ...workspace,
      heir: { name: person?.name.trim() ?? '', email: person?.email ?? heir.email, plan },
      heir_plan_saves: canSaveIcons({ userPlan: plan, workspaceOwnerPlan: plan }),
    })
  }
  return rows
}
