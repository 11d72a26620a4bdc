// Create New Workspace (gold plan). One id per opening of the form: submitting it twice (a double
// click, Enter twice) creates one workspace, and the header switches to it.
import { messages } from '@common/messages.ts'
import { useState } from 'react'
import { CreateByNameDialog } from '../../components/forms/name-dialogs.tsx'
import { useCreateWorkspace } from '../../data/workspaces.ts'
import type { Me } from '../../lib/me.ts'
import type { LocalWorkspace } from '../../local/db.ts'

interface CreateWorkspaceDialogProps {
  user: Me
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (workspace: LocalWorkspace) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function CreateWorkspaceDialog({ user, onCreated, ...dialog }: CreateWorkspaceDialogProps) {
  const create = useCreateWorkspace()
  const [id, setId] = useState(() => crypto.randomUUID())
  return (
    <CreateByNameDialog
      title={messages.createNewWorkspace}
      label={messages.workspaceName}
      testId="create-workspace-dialog"
      {...dialog}
      pending={create.isPending}
      onCreate={(name, done) =>
        create.mutate(
          { id, name, userId: user.id, plan: user.plan },
          {
            onSuccess: (workspace) => {
              setId(crypto.randomUUID())
              done()
              onCreated(workspace)
            },
          },
        )
      }
    />
  )
}
