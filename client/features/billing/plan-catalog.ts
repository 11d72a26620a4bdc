// What each plan permits, for display (PRODUCT.md's table). Enforcement lives on the server.
import type { Plan } from '../../lib/me.ts'

export interface PlanInfo {
  id: Plan
  name: string
  tagline: string
  features: string[]
  missing: string[]
}

export const PLAN_CATALOG: readonly PlanInfo[] = [
  {
    id: 'free',
    name: 'Free',
    tagline: 'Browse, make and copy icons in personal projects.',
    features: [
      'Personal projects',
      'Browse and copy icons in all five formats',
      'The maker: edit, preview and copy',
    ],
    missing: ['Saving icons to the vault', 'Maker credits', 'Team workspaces'],
  },
  {
    id: 'pro',
    name: 'Pro',
    tagline: 'Build your own icon vault.',
    features: [
      'Everything in Free',
      'Save icons to the vault',
      'Duplicate icons into projects',
      '200 maker credits per month',
    ],
    missing: ['Team workspaces'],
  },
  {
    id: 'gold',
    name: 'Gold',
    tagline: 'Share a vault with your team.',
    features: [
      'Everything in Pro',
      '1000 maker credits per month',
      'Create team workspaces and invite members',
      'Review icons before they are approved',
      'Workspace credits set by admins (5000 by default)',
    ],
    missing: [],
  },
]
