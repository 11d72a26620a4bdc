// Create New Project, in the current workspace or personal; a blank name (after trimming) does nothing.
import { messages } from '@common/messages.ts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import type { LocalProject } from '../../local/db.ts'
import { type ProjectRole, useCreateProject } from './api/projects.ts'

interface CreateProjectDialogProps {
  userId: string
  workspaceId: string | null
  role: ProjectRole
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (project: LocalProject) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function CreateProjectDialog(props: CreateProjectDialogProps) {
  const { open, onOpenChange, onCreated } = props
  const [name, setName] = useState('')
  const create = useCreateProject()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return
    create.mutate(
      { name, workspaceId: props.workspaceId, userId: props.userId, role: props.role },
      {
        onSuccess: (project) => {
          setName('')
          onOpenChange(false)
          onCreated(project)
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.createNewProject}
        onCloseAutoFocus={props.onCloseAutoFocus}
        data-testid="create-project-dialog"
      >
        <form onSubmit={submit} className="flex flex-col gap-5">
          <Field label={messages.projectName}>
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
