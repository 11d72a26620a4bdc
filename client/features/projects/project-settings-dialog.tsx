// Project Settings: rename (a blank name does nothing), describe it, change the Iconify prefix (ADR 0021; checked
// here by Iconify's rule, a taken one refused by the server with its message; a link to the project's
// "Use in code" snippets), Delete Project after
// a confirmation (kept 30 days in Recently deleted, ADR 0018).
import { isIconifyPrefix } from '@common/iconify-prefix.ts'
import { appMessages, iconifyMessages, messages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { NameField, SettingsActions, SettingsDialog } from '../../components/forms/name-dialogs.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
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
  const [description, setDescription] = useState(project.description ?? '')
  const [prefix, setPrefix] = useState(project.iconify_prefix)
  const update = useUpdateProject()
  const remove = useDeleteProject()
  const cleanPrefix = prefix.trim()
  // Blank keeps the current prefix (a project created here gets one from the server).
  const prefixError = cleanPrefix && !isIconifyPrefix(cleanPrefix) ? iconifyMessages.prefixInvalid : null

  function save(event: FormEvent) {
    event.preventDefault()
    if (!name.trim() || prefixError) return
    const prefixChanged = cleanPrefix !== '' && cleanPrefix !== project.iconify_prefix
    const describedAs = description.trim()
    if (name.trim() === project.name && describedAs === (project.description ?? '') && !prefixChanged)
      return onDone()
    update.mutate(
      {
        project,
        name,
        description: describedAs,
        iconifyPrefix: prefixChanged ? cleanPrefix : undefined,
        role,
      },
      { onSuccess: onDone },
    )
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
      <Field label="Description" hint="Optional: what the set is for, shown to everyone who opens it.">
        <Textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          rows={3}
          data-testid="project-description"
        />
      </Field>
      <Field
        label={iconifyMessages.prefixLabel}
        error={prefixError}
        hint={iconifyMessages.prefixHint(cleanPrefix || project.iconify_prefix || 'prefix')}
      >
        <Input
          value={prefix}
          onChange={(e) => setPrefix(e.target.value.toLowerCase())}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          data-testid="iconify-prefix"
        />
      </Field>
      <Link
        to="/info"
        search={{ projectId: project.id }}
        hash="use-in-code"
        onClick={onDone}
        className="-mt-2 text-sm text-accent underline underline-offset-2"
        data-testid="use-in-code-link"
      >
        {iconifyMessages.useInCodeLink}
      </Link>
      <SettingsActions
        deleteLabel={messages.deleteProject}
        deleteDescription={appMessages.deleteProjectDescription(project.name, TRASH_DAYS)}
        onDelete={confirmDelete}
        saving={update.isPending}
        blank={!name.trim() || prefixError !== null}
      />
    </form>
  )
}
