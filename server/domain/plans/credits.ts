// Maker credits: a ledger per workspace (or per user in personal mode) per UTC calendar month.
// consumeCredits takes N credits in one conditional upsert, so concurrent callers can never
// spend more than the limit: the workspace's credits_limit, or the personal plan's allowance.
// Paid work reserves its credits that way before it starts and refundCredits gives back what
// was not delivered (ADR 0500).
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import { capabilities, creditsRefusal, type Plan } from '../../../common/plans.ts'
import type { CreditUsageInfo } from '../../../common/schemas/billing.ts'
import type { Db } from '../../db/client.ts'
import { creditUsage as ledger, workspaceAccess, workspaces } from '../../db/schema/index.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'

export type CreditScope = { workspaceId: string } | { userId: string; plan: Plan }

const MAX_CONSUME = 1_000_000

/** The UTC calendar month of `now`, as 'YYYY-MM'. */
export const creditMonth = (now = new Date()) => now.toISOString().slice(0, 7)

/** Credits used and the limit this month. A workspace that does not exist answers 404. */
export async function creditUsage(db: Db, scope: CreditScope, now = new Date()): Promise<CreditUsageInfo> {
  const month = creditMonth(now)
  const limit = await limitOf(db, scope)
  const where =
    'workspaceId' in scope
      ? eq(ledger.workspace_id, scope.workspaceId)
      : and(eq(ledger.user_id, scope.userId), isNull(ledger.workspace_id))
  const [row] = await db
    .select({ used: ledger.used })
    .from(ledger)
    .where(and(where, eq(ledger.month, month)))
  return { month, used: row?.used ?? 0, limit }
}

/**
 * Consumes `amount` credits this month, or throws a 403 ApiError ('Not enough credits left
 * this month') and consumes nothing. Returns the usage after consuming.
 */
export async function consumeCredits(
  db: Db,
  scope: CreditScope,
  amount: number,
  now = new Date(),
): Promise<CreditUsageInfo> {
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_CONSUME) {
    throw badRequest(appMessages.creditAmountInvalid)
  }
  const month = creditMonth(now)
  const ws = 'workspaceId' in scope
  const limit: SQL = ws
    ? sql`(select ${workspaces.credits_limit} from ${workspaces} where ${workspaces.id} = ${scope.workspaceId})`
    : sql`${capabilities(scope.plan).monthlyCredits}::integer`
  const target = ws
    ? sql`(workspace_id, month) where workspace_id is not null`
    : sql`(user_id, month) where workspace_id is null`
  const result = await db.execute(sql`
    insert into credit_usage (workspace_id, user_id, month, used)
    select ${ws ? scope.workspaceId : null}::uuid, ${ws ? null : scope.userId}::text, ${month}, ${amount}::integer
    where ${amount}::integer <= ${limit}
    on conflict ${target}
    do update set used = credit_usage.used + excluded.used, updated_at = now()
    where credit_usage.used + excluded.used <= ${limit}
    returning used, ${limit} as credit_limit`)
  const [row] = rowsOf(result)
  if (row) return { month, used: Number(row.used), limit: Number(row.credit_limit) }
  const usage = await creditUsage(db, scope, now)
  // A plan without credits (limit 0) needs another plan; a spent month waits for the next.
  throw forbidden(
    creditsRefusal(usage.used, usage.limit, amount) ?? appMessages.notEnoughCredits,
    usage.limit === 0 ? 'plan_required' : 'quota_reached',
  )
}

/**
 * Gives back `amount` credits taken in `month` (a reservation not delivered), never below zero.
 * Returns the usage after the refund.
 */
export async function refundCredits(
  db: Db,
  scope: CreditScope,
  amount: number,
  month: string,
): Promise<CreditUsageInfo> {
  const where =
    'workspaceId' in scope
      ? eq(ledger.workspace_id, scope.workspaceId)
      : and(eq(ledger.user_id, scope.userId), isNull(ledger.workspace_id))
  if (amount > 0) {
    await db
      .update(ledger)
      .set({ used: sql`greatest(${ledger.used} - ${amount}::integer, 0)`, updated_at: sql`now()` })
      .where(and(where, eq(ledger.month, month)))
  }
  return creditUsage(db, scope)
}

/** GET /api/credits: a workspace's usage for its members (404 for anyone else), or the caller's own. */
export async function creditUsageFor(
  db: Db,
  actor: { id: string; plan: Plan },
  workspaceId?: string,
): Promise<CreditUsageInfo> {
  if (!workspaceId) return creditUsage(db, { userId: actor.id, plan: actor.plan })
  const [member] = await db
    .select({ id: workspaceAccess.id })
    .from(workspaceAccess)
    .where(and(eq(workspaceAccess.workspace_id, workspaceId), eq(workspaceAccess.user_id, actor.id)))
  if (!member) throw notFound()
  return creditUsage(db, { workspaceId })
}

async function limitOf(db: Db, scope: CreditScope): Promise<number> {
  if (!('workspaceId' in scope)) return capabilities(scope.plan).monthlyCredits
  const [ws] = await db
    .select({ limit: workspaces.credits_limit })
    .from(workspaces)
    .where(eq(workspaces.id, scope.workspaceId))
  if (!ws) throw notFound()
  return ws.limit
}

/** Both drivers (PGlite, node-postgres) answer raw queries with `{ rows }`. */
const rowsOf = (result: unknown) =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[]
