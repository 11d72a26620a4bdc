// Project Settings: rename (a blank name does nothing), Delete Project after a confirmation.
import { messages } from '@common/messages.ts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import type { LocalProject } from '../../local/db.ts'
import { type ProjectRole, useDeleteProject, useUpdateProject } from './api/projects.ts'

interface ProjectSettingsDialogProps {
  project: LocalProject | null
  role: ProjectRole
  onOpenChange: (open: boolean) => void
  onDeleted: (project: LocalProject) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function ProjectSettingsDialog({
  project,
  role,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: ProjectSettingsDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.projectSettings}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="project-settings-dialog"
      >
        {project ? (
          <ProjectSettingsForm
            project={project}
            role={role}
            onDone={() => onOpenChange(false)}
            onDeleted={onDeleted}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ProjectSettingsForm({
  project,
  role,
  onDone,
  onDeleted,
}: {
  project: LocalProject
  role: ProjectRole
  onDone: () => void
  onDeleted: (project: LocalProject) => void
}) {
  const [name, setName] = useState(project.name)
  const [confirming, setConfirming] = useState(false)
  const update = useUpdateProject()
  const remove = useDeleteProject()

  function save(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return
    if (name.trim() === project.name) return onDone()
    update.mutate({ project, name, role }, { onSuccess: onDone })
  }

  function confirmDelete() {
    remove.mutate(
      { project, role },
      {
        onSuccess: () => {
          onDone()
          onDeleted(project)
        },
      },
    )
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-5">
      <Field label={messages.projectName}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoComplete="off" />
      </Field>
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
          {messages.deleteProject}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {messages.saveChanges}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${messages.deleteProject}?`}
        description={`"${project.name}" and all its icons will be deleted for everyone. This cannot be undone.`}
        confirmLabel={messages.deleteProject}
        onConfirm={confirmDelete}
      />
    </form>
  )
}
