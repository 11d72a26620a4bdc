// What the caller's storage holds against its quotas (GET /api/usage, ADR 0308): their personal
// projects under their own plan, and each workspace they are a member of under its owner's plan.
// Counted by query like the quotas' checks (quotas.ts): one for the personal space, one for all
// the workspaces; and one for the icons of each project the caller sees (/info's lists).
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Plan } from '../../../common/plans.ts'
import type { StorageOverview } from '../../../common/schemas/usage.ts'
import { icons, projects, user, workspaceAccess, workspaces } from '../../db/schema/index.ts'
import type { Actor, Deps } from '../deps.ts'
import { usageOf } from './quotas.ts'

export async function storageOverview({ db, config }: Deps, actor: Actor): Promise<StorageOverview> {
  const mine = await usageOf(db, { kind: 'personal', ownerId: actor.id })
  const teams = await db
    .select({ id: workspaces.id, name: workspaces.name, plan: user.plan })
    .from(workspaceAccess)
    .innerJoin(workspaces, eq(workspaces.id, workspaceAccess.workspace_id))
    .innerJoin(user, eq(user.id, workspaces.user_id))
    .where(and(eq(workspaceAccess.user_id, actor.id), isNull(workspaces.deleted_at)))
    .orderBy(asc(workspaces.name))
  const held = teams.length
    ? await db
        .select({
          id: icons.workspace_id,
          icons: count(),
          bytes: sql<number>`coalesce(sum(octet_length(${icons.svg})), 0)`.mapWith(Number),
        })
        .from(icons)
        .where(
          inArray(
            icons.workspace_id,
            teams.map((t) => t.id),
          ),
        )
        .groupBy(icons.workspace_id)
        .having(isNotNull(icons.workspace_id))
    : []
  const byId = new Map(held.map((h) => [h.id, h]))
  const personal = and(isNull(projects.workspace_id), eq(projects.user_id, actor.id))
  const perProject = await db
    .select({ id: icons.project_id, icons: count() })
    .from(icons)
    .innerJoin(projects, eq(projects.id, icons.project_id))
    .where(
      and(
        isNull(projects.deleted_at),
        teams.length
          ? or(
              personal,
              inArray(
                projects.workspace_id,
                teams.map((t) => t.id),
              ),
            )
          : personal,
      ),
    )
    .groupBy(icons.project_id)
  return {
    projects: Object.fromEntries(perProject.map((p) => [p.id, Number(p.icons)])),
    personal: { plan: actor.plan, ...mine, quota: config.quotas[actor.plan].personal },
    workspaces: teams.map((t) => {
      const plan = t.plan as Plan
      const h = byId.get(t.id)
      return {
        id: t.id,
        name: t.name,
        plan,
        icons: Number(h?.icons ?? 0),
        bytes: h?.bytes ?? 0,
        quota: config.quotas[plan].workspace,
      }
    }),
  }
}
