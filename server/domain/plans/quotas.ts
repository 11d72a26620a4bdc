// Storage quotas (ADR 0308): a user's personal projects together, and each workspace, hold at most
// a number of icons and of bytes of SVG markup, by plan (common/plans.ts, overridable by
// environment: server/config/quota-config.ts). Usage is the sum of the scope's projects' icon count
// and markup bytes, which the icons' own trigger keeps in the writing transaction (no writer can
// forget it; migration 0021), so a check reads a few project rows, not the scope's icons. Checked
// on every path that adds icons to a scope (create-icons.ts, move-icons.ts) inside the writing
// transaction, after the scope's version was taken: that row lock orders the scope's writers, so
// two requests cannot both fit in the last free room.
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { type Plan, quotaRefusal, type StorageQuota, type StorageUsage } from '../../../common/plans.ts'
import type { Config } from '../../config/config.ts'
import type { Tx } from '../../db/client.ts'
import { projects } from '../../db/schema/index.ts'
import type { Scope } from '../access.ts'
import { forbidden } from '../errors.ts'
import { scopeOf } from '../sync/sync-scopes.ts'

/** Where icons go and whose plan counts there (createTarget's answer). */
type QuotaTarget = { scope: Scope; plan: Plan }

const where = (scope: Scope) => (scope.kind === 'personal' ? 'personal' : 'workspace')

/** The quota of a scope under a plan. */
const quotaOf = (config: Config, scope: Scope, plan: Plan): StorageQuota => config.quotas[plan][where(scope)]

/**
 * The icons of a personal space or of a workspace: how many, and their markup's bytes, summed over the
 * scope's projects, whose counts a database trigger keeps in every transaction that changes an icon
 * (migration 0021, ADR 0113): a few rows read, not every icon of the scope.
 */
export async function usageOf(db: Tx, scope: Scope): Promise<StorageUsage> {
  const ofScope: SQL =
    scope.kind === 'personal'
      ? and(isNull(projects.workspace_id), eq(projects.user_id, scope.ownerId))!
      : eq(projects.workspace_id, scope.workspace.id)
  const [row] = await db
    .select({
      icons: sql<number>`coalesce(sum(${projects.icon_count}), 0)`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${projects.svg_bytes}), 0)`.mapWith(Number),
    })
    .from(projects)
    .where(ofScope)
  return { icons: row?.icons ?? 0, bytes: row?.bytes ?? 0 }
}

/**
 * Refuses (403, the message naming the limit) when the icons added to their scopes would pass a
 * quota; `adding` lists each icon's target and markup bytes (0 for a check before the pipeline);
 * `icons: 0` for markup that grows an icon already counted (a replaced drawing).
 */
export async function assertRoom(
  tx: Tx,
  config: Config,
  adding: { target: QuotaTarget; bytes: number; icons?: number }[],
): Promise<void> {
  const byScope = new Map<string, { target: QuotaTarget; icons: number; bytes: number }>()
  for (const { target, bytes, icons: n = 1 } of adding) {
    const key = scopeOf(target.scope)
    const entry = byScope.get(key) ?? { target, icons: 0, bytes: 0 }
    entry.icons += n
    entry.bytes += bytes
    byScope.set(key, entry)
  }
  for (const { target, icons: n, bytes } of byScope.values()) {
    const usage = await usageOf(tx, target.scope)
    const refusal = quotaRefusal(
      usage,
      { icons: n, bytes },
      quotaOf(config, target.scope, target.plan),
      where(target.scope),
    )
    if (refusal) throw forbidden(refusal, 'quota_reached')
  }
}
