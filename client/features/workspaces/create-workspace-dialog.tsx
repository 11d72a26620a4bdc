// Create New Workspace (gold plan): a name; a blank name (after trimming) does nothing.
import { messages } from '@common/messages.ts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import type { Me } from '../../lib/me.ts'
import type { LocalWorkspace } from '../../local/db.ts'
import { useCreateWorkspace } from './api/workspaces.ts'

interface CreateWorkspaceDialogProps {
  user: Me
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (workspace: LocalWorkspace) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function CreateWorkspaceDialog({
  user,
  open,
  onOpenChange,
  onCreated,
  onCloseAutoFocus,
}: CreateWorkspaceDialogProps) {
  const [name, setName] = useState('')
  const create = useCreateWorkspace()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return
    create.mutate(
      { name, userId: user.id, plan: user.plan },
      {
        onSuccess: (workspace) => {
          setName('')
          onOpenChange(false)
          onCreated(workspace)
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.createNewWorkspace}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="create-workspace-dialog"
      >
        <form onSubmit={submit} className="flex flex-col gap-5">
          <Field label={messages.workspaceName}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              autoComplete="off"
              autoFocus
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              Create
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
