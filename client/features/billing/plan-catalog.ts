// What each plan permits, for display: names and taglines here, every feature line worded from
// the plan's capabilities in common/plans.ts (so a changed limit shows everywhere at once).

import { formatCount } from '@common/format-count.ts'
import {
  capabilities,
  DEFAULT_WORKSPACE_CREDITS,
  PLANS,
  type Plan,
  type PlanCapabilities,
} from '@common/plans.ts'

export interface PlanFeature {
  label: string
  included: boolean
}

export interface PlanInfo {
  id: Plan
  name: string
  tagline: string
  features: PlanFeature[]
}

const COPY: Record<Plan, { name: string; tagline: string }> = {
  free: { name: 'Free', tagline: 'Browse, make and copy icons in personal projects.' },
  pro: { name: 'Pro', tagline: 'Build your own icon vault.' },
  gold: { name: 'Gold', tagline: 'Share a vault with your team.' },
}

/** What every plan has, whatever its capabilities. */
const BASE: string[] = [
  'Personal projects',
  'Browse and copy icons in all five formats',
  'The maker: edit, preview and copy',
]

/** One wording per capability (a new capability will not compile until it has one). */
const WORDING: { [K in keyof PlanCapabilities]: (c: PlanCapabilities) => PlanFeature[] } = {
  saveIcons: (c) => [
    { label: 'Save icons to the vault and duplicate them into projects', included: c.saveIcons },
  ],
  monthlyCredits: (c) => [
    {
      label:
        c.monthlyCredits > 0 ? `${formatCount(c.monthlyCredits)} maker credits per month` : 'Maker credits',
      included: c.monthlyCredits > 0,
    },
  ],
  createWorkspaces: (c) => [
    { label: 'Create team workspaces and invite members', included: c.createWorkspaces },
    { label: 'Review icons from members before they are approved', included: c.createWorkspaces },
    {
      label: `Workspace credits set by admins (${formatCount(DEFAULT_WORKSPACE_CREDITS)} per month by default)`,
      included: c.createWorkspaces,
    },
  ],
}

export function planFeatures(plan: Plan): PlanFeature[] {
  const c = capabilities(plan)
  const order: (keyof PlanCapabilities)[] = ['saveIcons', 'monthlyCredits', 'createWorkspaces']
  return [...BASE.map((label) => ({ label, included: true })), ...order.flatMap((k) => WORDING[k](c))]
}

export const planName = (plan: Plan) => COPY[plan].name

export const PLAN_CATALOG: readonly PlanInfo[] = PLANS.map((id) => ({
  id,
  ...COPY[id],
  features: planFeatures(id),
}))
