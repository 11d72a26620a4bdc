// Workspace Settings: name, description, "Review icons from members", the review rules (saved on
// each change, review-rules-section.tsx); Delete Workspace after a confirmation. A blank name does
// nothing.
import { appMessages, messages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { type FormEvent, useId, useState } from 'react'
import { NameField, SettingsActions, SettingsDialog } from '../../components/forms/name-dialogs.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Label } from '../../components/ui/input.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { useDeleteWorkspace, useUpdateWorkspace } from '../../data/workspaces.ts'
import type { LocalWorkspace } from '../../local/db.ts'
import { ReviewRulesSection } from './review-rules-section.tsx'

interface WorkspaceSettingsDialogProps {
  workspace: LocalWorkspace | null
  onOpenChange: (open: boolean) => void
  onDeleted: (workspace: LocalWorkspace) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function WorkspaceSettingsDialog({ workspace, onDeleted, ...dialog }: WorkspaceSettingsDialogProps) {
  return (
    <SettingsDialog
      subject={workspace}
      title={messages.workspaceSettings}
      testId="workspace-settings-dialog"
      {...dialog}
    >
      {(subject, done) => <WorkspaceSettingsForm workspace={subject} onDone={done} onDeleted={onDeleted} />}
    </SettingsDialog>
  )
}

interface WorkspaceSettingsFormProps {
  workspace: LocalWorkspace
  onDone: () => void
  onDeleted: (workspace: LocalWorkspace) => void
}

function WorkspaceSettingsForm({ workspace, onDone, onDeleted }: WorkspaceSettingsFormProps) {
  const reviewId = useId()
  const [name, setName] = useState(workspace.name)
  const [description, setDescription] = useState(workspace.description)
  const [review, setReview] = useState(workspace.review_icons)
  const update = useUpdateWorkspace()
  const remove = useDeleteWorkspace()

  function save(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return
    const changes = { name, description, review_icons: review }
    update.mutate({ workspace, changes }, { onSuccess: onDone })
  }

  function confirmDelete() {
    remove.mutate(workspace, {
      onSuccess: () => {
        onDone()
        onDeleted(workspace)
      },
    })
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-5">
      <NameField label={messages.workspaceName} value={name} onChange={setName} />
      <Field label="Description">
        <Textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          rows={3}
        />
      </Field>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-line p-3">
        <div>
          <Label htmlFor={reviewId}>Review icons from members</Label>
          <p className="text-xs text-muted">Icons saved by members wait for an admin's approval.</p>
        </div>
        <Switch id={reviewId} checked={review} onCheckedChange={setReview} />
      </div>
      <ReviewRulesSection workspaceId={workspace.id} role={workspace.role} />
      <SettingsActions
        deleteLabel={messages.deleteWorkspace}
        deleteDescription={appMessages.deleteWorkspaceDescription(workspace.name, TRASH_DAYS)}
        onDelete={confirmDelete}
        saving={update.isPending}
        blank={!name.trim()}
      />
    </form>
  )
}
