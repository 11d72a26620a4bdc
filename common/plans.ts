// Plan capabilities and limits (PRODUCT.md "Plans"), pure functions of the plan.
// Server and client read entitlements only from here.

export const PLANS = ['free', 'pro', 'gold'] as const
export type Plan = (typeof PLANS)[number]
export const PAID_PLANS = ['pro', 'gold'] as const
export type PaidPlan = (typeof PAID_PLANS)[number]
export type SubscriptionStatus = 'active' | 'canceled'

export type PlanCapabilities = {
  createWorkspaces: boolean
  saveIcons: boolean
  /** Maker credits per calendar month in personal mode. */
  monthlyCredits: number
}

export const PLAN_CAPABILITIES: Record<Plan, PlanCapabilities> = {
  free: { createWorkspaces: false, saveIcons: false, monthlyCredits: 0 },
  pro: { createWorkspaces: false, saveIcons: true, monthlyCredits: 200 },
  gold: { createWorkspaces: true, saveIcons: true, monthlyCredits: 1000 },
}

/** Default monthly credits of a new workspace (seed §9). */
export const DEFAULT_WORKSPACE_CREDITS = 5000

export const capabilities = (plan: Plan | null | undefined): PlanCapabilities => PLAN_CAPABILITIES[plan ?? 'free']

export const canCreateWorkspace = (plan: Plan | null | undefined) => capabilities(plan).createWorkspaces

/**
 * May icons be saved here? In personal mode the user's own plan counts; in a workspace,
 * the workspace owner's plan, which must be gold (PRODUCT.md).
 */
export function canSaveIcons(opts: { userPlan: Plan | null | undefined; workspaceOwnerPlan?: Plan | null }): boolean {
  if (opts.workspaceOwnerPlan !== undefined) return opts.workspaceOwnerPlan === 'gold'
  return capabilities(opts.userPlan).saveIcons
}
