// Admin-only actions of the current workspace: Manage Workspace and Invite to Workspace, as header
// buttons from the md breakpoint up and as items of the phone menu below it (mobile-menu.tsx).
// Shown to its owner and admins only (admin-actions.ts); the server enforces the same.
import { type ReactNode, useState } from 'react'
import { Button } from '../components/ui/button.tsx'
import { useCurrent } from '../data/use-current.ts'
import { InviteDialog } from '../features/workspaces/invite-dialog.tsx'
import { ManageWorkspaceDialog } from '../features/workspaces/manage-workspace-dialog.tsx'
import { type AdminAction, adminActions } from './admin-actions.ts'

type AdminDialog = AdminAction['id']

/** The admin actions this user may take in the current workspace, and their dialogs. */
export function useWorkspaceAdmin(): {
  actions: AdminAction[]
  openDialog: (dialog: AdminDialog) => void
  dialogs: ReactNode
} {
  const { workspace, userId } = useCurrent()
  const [open, setOpen] = useState<AdminDialog | null>(null)
  if (!workspace) return { actions: [], openDialog: setOpen, dialogs: null }
  const actions = adminActions(workspace)
  const mayManage = actions.some((a) => a.id === 'manage')
  const mayInvite = actions.some((a) => a.id === 'invite')
  const dialogs = (
    <>
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
  return { actions, openDialog: setOpen, dialogs }
}

export function WorkspaceAdminButtons() {
  const { actions, openDialog, dialogs } = useWorkspaceAdmin()
  return (
    <>
      {actions.map(({ id, label, icon: Icon, testId }) => (
        <Button
          key={id}
          variant="ghost"
          size="icon"
          aria-label={label}
          title={label}
          data-testid={testId}
          className="max-md:hidden"
          onClick={() => openDialog(id)}
        >
          <Icon className="size-4" aria-hidden />
        </Button>
      ))}
      {dialogs}
    </>
  )
}
