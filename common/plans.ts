// Plan capabilities and limits (docs/product.md §Plans), pure functions of the plan.
// Server and client read entitlements only from here. The limits are constants: the
// environment contract has no variables for them, so they change here and only here.
import { appMessages, messages } from './messages.ts'

export const PLANS = ['free', 'pro', 'gold'] as const
export type Plan = (typeof PLANS)[number]
export const PAID_PLANS = ['pro', 'gold'] as const
export type PaidPlan = (typeof PAID_PLANS)[number]
const SUBSCRIPTION_STATUSES = ['active', 'canceled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export type PlanCapabilities = {
  createWorkspaces: boolean
  saveIcons: boolean
  /** Maker credits per calendar month in personal mode. */
  monthlyCredits: number
}

const PLAN_CAPABILITIES: Record<Plan, PlanCapabilities> = {
  free: { createWorkspaces: false, saveIcons: false, monthlyCredits: 0 },
  pro: { createWorkspaces: false, saveIcons: true, monthlyCredits: 200 },
  gold: { createWorkspaces: true, saveIcons: true, monthlyCredits: 1000 },
}

/**
 * Monthly prices shown on / and /upgrade, in `currency` (ISO 4217). The billing provider charges
 * (Stripe's price ids, or nothing with the local one); these describe it. A server overrides them
 * with PLAN_PRICE_PRO, PLAN_PRICE_GOLD and PLAN_CURRENCY (server/config/config.ts) and serves them at
 * GET /api/billing/plans.
 */
export type PlanPrices = { currency: string; monthly: Record<Plan, number> }

export const DEFAULT_PLAN_PRICES: PlanPrices = { currency: 'USD', monthly: { free: 0, pro: 9, gold: 29 } }

/** The default prices with what the environment sets (undefined keeps the default). */
export function planPrices(overrides: { pro?: number; gold?: number; currency?: string }): PlanPrices {
  const d = DEFAULT_PLAN_PRICES
  return {
    currency: overrides.currency ?? d.currency,
    monthly: { free: 0, pro: overrides.pro ?? d.monthly.pro, gold: overrides.gold ?? d.monthly.gold },
  }
}

/** '$0', '$9', '$9.50', '€29' (en-US wording: the app's language). */
export function formatMonthlyPrice(amount: number, currency: string): string {
  const whole = Number.isInteger(amount)
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount)
}

/** Default monthly credits of a new workspace (docs/product.md §Constants). */
export const DEFAULT_WORKSPACE_CREDITS = 5000

export const capabilities = (plan: Plan | null | undefined): PlanCapabilities =>
  PLAN_CAPABILITIES[plan ?? 'free']

export const canCreateWorkspace = (plan: Plan | null | undefined) => capabilities(plan).createWorkspaces

/**
 * May icons be saved here? In personal mode the user's own plan counts; in a workspace,
 * the workspace owner's plan, which must be gold (ADR 0202).
 */
export function canSaveIcons(opts: {
  userPlan: Plan | null | undefined
  workspaceOwnerPlan?: Plan | null
}): boolean {
  if (opts.workspaceOwnerPlan !== undefined) return opts.workspaceOwnerPlan === 'gold'
  return capabilities(opts.userPlan).saveIcons
}

/** Why creating a workspace is refused, or null when the plan permits it. */
export const createWorkspaceRefusal = (plan: Plan | null | undefined): string | null =>
  canCreateWorkspace(plan) ? null : appMessages.goldRequired

/**
 * Why saving icons is refused here, or null when permitted. The specified message, word for
 * word, in personal mode and in a workspace alike (ADR 0202).
 */
export function saveIconsRefusal(opts: Parameters<typeof canSaveIcons>[0]): string | null {
  return canSaveIcons(opts) ? null : messages.needProToSave
}

/** Why spending `amount` more credits is refused when `used` of `limit` are gone, or null. */
export function creditsRefusal(used: number, limit: number, amount: number): string | null {
  if (used + amount <= limit) return null
  return limit === 0 ? appMessages.noCreditsOnPlan : appMessages.notEnoughCredits
}

const RANK: Record<Plan, number> = { free: 0, pro: 1, gold: 2 }

export const isPaidPlan = (plan: unknown): plan is PaidPlan => PAID_PLANS.includes(plan as PaidPlan)

/** The paid plans above this one, offered on /upgrade. */
export const upgradeTargets = (plan: Plan | null | undefined): PaidPlan[] =>
  PAID_PLANS.filter((p) => RANK[p] > RANK[plan ?? 'free'])

/** Settings menu: Upgrade is shown unless the plan is the highest (docs/product.md §Top bar). */
export const canUpgrade = (plan: Plan | null | undefined) => upgradeTargets(plan).length > 0

/** docs/product.md §Subscriptions: an active subscription shows cancel, a canceled one shows restore. */
export const canCancelSubscription = (status: SubscriptionStatus | null | undefined) => status === 'active'
export const canRestoreSubscription = (status: SubscriptionStatus | null | undefined) => status === 'canceled'

/** A storage quota: icons and bytes of stored SVG markup (ADR 0308). */
export type StorageQuota = { icons: number; bytes: number }
/** Per plan: a user's personal projects together, and a workspace (by its owner's plan). */
export type StorageQuotas = Record<Plan, { personal: StorageQuota; workspace: StorageQuota }>

const MB = 1024 * 1024

/**
 * Default quotas (ADR 0308). Icons are at most 512 KB each; the Iconify sets average under 1 KB, so
 * a quota in bytes is reached by large drawings long before the icon count. Free plans cannot save
 * icons; their quota only describes what a downgraded account keeps. A server overrides each number
 * with PLAN_ICONS_<PLAN>, PLAN_STORAGE_<PLAN>, PLAN_WORKSPACE_ICONS_<PLAN> and
 * PLAN_WORKSPACE_STORAGE_<PLAN> (server/config/quota-config.ts).
 */
export const DEFAULT_STORAGE_QUOTAS: StorageQuotas = {
  free: { personal: { icons: 1_000, bytes: 50 * MB }, workspace: { icons: 1_000, bytes: 50 * MB } },
  pro: { personal: { icons: 20_000, bytes: 500 * MB }, workspace: { icons: 20_000, bytes: 500 * MB } },
  gold: { personal: { icons: 50_000, bytes: 2048 * MB }, workspace: { icons: 200_000, bytes: 5120 * MB } },
}

/** What a scope holds now. */
export type StorageUsage = { icons: number; bytes: number }

/** Why adding `adding` to `usage` is refused under `quota`, or null; `where` names whose quota it is. */
export function quotaRefusal(
  usage: StorageUsage,
  adding: StorageUsage,
  quota: StorageQuota,
  where: 'personal' | 'workspace',
): string | null {
  if (adding.icons > 0 && usage.icons + adding.icons > quota.icons)
    return appMessages.iconQuotaReached(where, quota.icons.toLocaleString('en-US'))
  if ((adding.icons > 0 || adding.bytes > 0) && usage.bytes + adding.bytes > quota.bytes)
    return appMessages.storageQuotaReached(where, formatBytes(quota.bytes))
  return null
}

/** '512 B', '4 KB', '1.5 MB', '2 GB' (binary units, at most one decimal). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10
  return `${rounded.toLocaleString('en-US')} ${units[unit]}`
}
