// Manage Workspace (admins): the monthly credits limit with this month's usage, the people of
// the workspace with their role (member, admin, viewer) and removal (the owner's row is fixed), and
// the pending invitations with Revoke.
import { formatCount } from '@common/format-count.ts'
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { updateCreditsLimitBody } from '@common/schemas/workspaces.ts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useCreditsUsage } from '../../data/credits.ts'
import { useUpdateCreditsLimit } from '../../data/workspaces.ts'
import type { LocalWorkspace } from '../../local/db.ts'
import { PendingInvitations } from './pending-invitations.tsx'
import { PeopleList } from './people-list.tsx'

interface ManageWorkspaceDialogProps {
  workspace: LocalWorkspace
  userId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function ManageWorkspaceDialog({ workspace, userId, open, onOpenChange }: ManageWorkspaceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.manageWorkspace}
        description={workspace.name}
        data-testid="manage-workspace-dialog"
      >
        <div className="flex flex-col gap-6">
          <CreditsForm key={workspace.credits_limit} workspace={workspace} />
          <section aria-labelledby="people-heading" className="flex flex-col gap-2">
            <h3 id="people-heading" className="text-sm font-medium text-fg">
              People
            </h3>
            <PeopleList workspace={workspace} userId={userId} />
          </section>
          {can(workspace.role, 'workspace:invite') ? <PendingInvitations workspaceId={workspace.id} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  )
}

function CreditsForm({ workspace }: { workspace: LocalWorkspace }) {
  const [value, setValue] = useState(String(workspace.credits_limit ?? 5000))
  const [error, setError] = useState<string | null>(null)
  const update = useUpdateCreditsLimit()
  const usage = useCreditsUsage(workspace.id)

  function save(event: FormEvent) {
    event.preventDefault()
    const parsed = updateCreditsLimitBody.shape.creditsLimit.safeParse(
      value.trim() === '' ? Number.NaN : Number(value),
    )
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.creditsLimitFailed)
      return
    }
    setError(null)
    update.mutate({ workspace, creditsLimit: parsed.data })
  }

  return (
    // noValidate: our messages (e.g. "cannot be negative") rather than the browser's bubble.
    <form onSubmit={save} noValidate className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field label="Credits limit per month" error={error}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </Field>
        </div>
        <Button type="submit" variant="secondary" className="mb-0.5" disabled={update.isPending}>
          Update limit
        </Button>
      </div>
      <p className="text-xs text-muted" data-testid="credits-usage">
        {usage
          ? `Used this month: ${formatCount(usage.used)} of ${formatCount(workspace.credits_limit)} credits`
          : usage === null
            ? 'Usage this month is not available yet.'
            : 'Loading usage this month…'}
      </p>
    </form>
  )
}
