// GET /api/usage: what the caller's personal projects and each of their workspaces hold against
// their storage quotas (ADR 0308).
import type { Plan, StorageQuota } from '../plans.ts'

/** A scope's usage: icons and bytes of SVG markup, and the quota of the plan that counts there. */
export type ScopeUsage = { plan: Plan; icons: number; bytes: number; quota: StorageQuota }

export type StorageOverview = {
  /** Icons per project the caller sees (a project without icons is left out: 0). */
  projects: Record<string, number>
  personal: ScopeUsage
  /** The workspaces the caller is a member of, by name; the plan is the owner's. */
  workspaces: (ScopeUsage & { id: string; name: string })[]
}
