// Admin-only header buttons of the current workspace: Manage Workspace and Invite to Workspace.
// Shown to its owner and admins only (common/permissions.ts); the server enforces the same.
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { UserPlus, UsersRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { InviteDialog } from '../workspaces/invite-dialog.tsx'
import { ManageWorkspaceDialog } from '../workspaces/manage-workspace-dialog.tsx'
import { useCurrent } from './use-current.ts'

export function WorkspaceAdminButtons() {
  const { workspace, userId } = useCurrent()
  const [open, setOpen] = useState<'manage' | 'invite' | null>(null)
  if (!workspace) return null
  const mayManage = can(workspace.role, 'workspace:manage-users')
  const mayInvite = can(workspace.role, 'workspace:invite')
  return (
    <>
      {mayManage ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={messages.manageWorkspace}
          title={messages.manageWorkspace}
          data-testid="manage-workspace-button"
          onClick={() => setOpen('manage')}
        >
          <UsersRound className="size-4" aria-hidden />
        </Button>
      ) : null}
      {mayInvite ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={messages.inviteToWorkspace}
          title={messages.inviteToWorkspace}
          data-testid="invite-button"
          onClick={() => setOpen('invite')}
        >
          <UserPlus className="size-4" aria-hidden />
        </Button>
      ) : null}
      {mayManage ? (
        <ManageWorkspaceDialog
          workspace={workspace}
          userId={userId}
          open={open === 'manage'}
          onOpenChange={(o) => setOpen(o ? 'manage' : null)}
        />
      ) : null}
      {mayInvite ? (
        <InviteDialog
          workspace={workspace}
          open={open === 'invite'}
          onOpenChange={(o) => setOpen(o ? 'invite' : null)}
        />
      ) : null}
    </>
  )
}
