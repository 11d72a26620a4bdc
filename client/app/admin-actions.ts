// The admin actions of the current workspace this user may take (Manage Workspace, Invite to
// Workspace; common/permissions.ts), without their dialogs: the header's placeholder buttons show
// them before the dialogs' code has loaded (workspace-admin-buttons.tsx).
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { UserPlus, UsersRound } from 'lucide-react'
import type { LocalWorkspace } from '../local/db.ts'

const ADMIN_ACTIONS = [
  { id: 'manage', label: messages.manageWorkspace, icon: UsersRound, testId: 'manage-workspace-button' },
  { id: 'invite', label: messages.inviteToWorkspace, icon: UserPlus, testId: 'invite-button' },
] as const

export type AdminAction = (typeof ADMIN_ACTIONS)[number]

export function adminActions(workspace: LocalWorkspace | null | undefined): AdminAction[] {
  if (!workspace) return []
  return ADMIN_ACTIONS.filter((a) =>
    can(workspace.role, a.id === 'manage' ? 'workspace:manage-users' : 'workspace:invite'),
  )
}
