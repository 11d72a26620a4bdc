// The one role -> action table (seed §6). The server enforces it; the client only hides
// or disables what it forbids. In personal mode (no workspace) the owner may do everything.

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const
export type Role = (typeof ROLES)[number]
/** Roles an invitation or a role change may give; nobody is invited or promoted to owner. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]

export const ACTIONS = {
  'workspace:read': ['owner', 'admin', 'member', 'viewer'],
  'workspace:update': ['owner', 'admin'],
  'workspace:delete': ['owner', 'admin'],
  'workspace:invite': ['owner', 'admin'],
  'workspace:credits': ['owner', 'admin'],
  'workspace:manage-users': ['owner', 'admin'],
  'project:create': ['owner', 'admin'],
  'project:update': ['owner', 'admin'],
  'project:delete': ['owner', 'admin'],
  'icon:create': ['owner', 'admin', 'member'],
  'icon:update': ['owner', 'admin', 'member'],
  'icon:delete': ['owner', 'admin', 'member'],
  'icon:approve': ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>

export type Action = keyof typeof ACTIONS

/**
 * May this role do this action? `role` is the caller's role in the workspace, or
 * `'personal'` for their own personal projects, where everything is allowed.
 */
export function can(role: Role | 'personal' | null | undefined, action: Action): boolean {
  if (role === 'personal') return true
  if (!role) return false
  return (ACTIONS[action] as readonly Role[]).includes(role)
}

/** Workspace admin means admin or owner. */
export const isWorkspaceAdmin = (role: Role | null | undefined) => role === 'owner' || role === 'admin'
