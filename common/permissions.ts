// The one role -> action table (docs/product.md §Roles), personal mode included: `personal` is the caller in
// their own personal projects. The server enforces it; the client only hides or disables what it
// forbids. The review rule that follows from it lives in common/icon-rules.ts.

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const
export type Role = (typeof ROLES)[number]
/** Roles an invitation or a role change may give; nobody is invited or promoted to owner. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]
/** Who acts: a workspace role, or `personal` for the owner of personal projects. */
export type Actor = Role | 'personal'

export const ACTIONS = {
  'workspace:read': ['owner', 'admin', 'member', 'viewer', 'personal'],
  'workspace:update': ['owner', 'admin', 'personal'],
  'workspace:delete': ['owner', 'admin', 'personal'],
  'workspace:invite': ['owner', 'admin', 'personal'],
  'workspace:credits': ['owner', 'admin', 'personal'],
  'workspace:manage-users': ['owner', 'admin', 'personal'],
  // The review rules (ADR 0110) are a workspace's: personal projects have none to set.
  'workspace:review-rules': ['owner', 'admin'],
  'project:create': ['owner', 'admin', 'personal'],
  'project:update': ['owner', 'admin', 'personal'],
  'project:delete': ['owner', 'admin', 'personal'],
  // A release, and the project's aliases (deprecations, removals), are the admins' call.
  'project:release': ['owner', 'admin', 'personal'],
  'project:aliases': ['owner', 'admin', 'personal'],
  'icon:read': ['owner', 'admin', 'member', 'viewer', 'personal'],
  'icon:create': ['owner', 'admin', 'member', 'personal'],
  'icon:update': ['owner', 'admin', 'member', 'personal'],
  'icon:delete': ['owner', 'admin', 'member', 'personal'],
  // Personal projects have no review: nothing there waits for approval, so nobody approves.
  'icon:approve': ['owner', 'admin'],
} as const satisfies Record<string, readonly Actor[]>

export type Action = keyof typeof ACTIONS

/** May this role (or `personal`) do this action? No role: nothing. */
export function can(role: Actor | null | undefined, action: Action): boolean {
  if (!role) return false
  return (ACTIONS[action] as readonly Actor[]).includes(role)
}
