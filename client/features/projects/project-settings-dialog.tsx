// Project Settings: rename (a blank name does nothing), Delete Project after a confirmation (kept
// 30 days in Recently deleted, ADR 0018).
import { appMessages, messages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { type FormEvent, useState } from 'react'
import { NameField, SettingsActions, SettingsDialog } from '../../components/forms/name-dialogs.tsx'
import { type ProjectRole, useDeleteProject, useUpdateProject } from '../../data/projects.ts'
import type { LocalProject } from '../../local/db.ts'

interface ProjectSettingsDialogProps {
  project: LocalProject | null
  role: ProjectRole
  onOpenChange: (open: boolean) => void
  onDeleted: (project: LocalProject) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function ProjectSettingsDialog({ project, role, onDeleted, ...dialog }: ProjectSettingsDialogProps) {
  return (
    <SettingsDialog
      subject={project}
      title={messages.projectSettings}
      testId="project-settings-dialog"
      {...dialog}
    >
      {(subject, done) => (
        <ProjectSettingsForm project={subject} role={role} onDone={done} onDeleted={onDeleted} />
      )}
    </SettingsDialog>
  )
}

interface ProjectSettingsFormProps {
  project: LocalProject
  role: ProjectRole
  onDone: () => void
  onDeleted: (project: LocalProject) => void
}

function ProjectSettingsForm({ project, role, onDone, onDeleted }: ProjectSettingsFormProps) {
  const [name, setName] = useState(project.name)
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
      <NameField label={messages.projectName} value={name} onChange={setName} />
      <SettingsActions
        deleteLabel={messages.deleteProject}
        deleteDescription={appMessages.deleteProjectDescription(project.name, TRASH_DAYS)}
        onDelete={confirmDelete}
        saving={update.isPending}
        blank={!name.trim()}
      />
    </form>
  )
}
