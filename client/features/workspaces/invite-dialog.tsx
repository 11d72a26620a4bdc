// Invite to Workspace (admins): an e-mail address and a role (member by default). Toasts of docs/product.md §Toasts:
// sent, refused by the server (with its message), network failure, anything else.
import { messages } from '@common/messages.ts'
import type { AssignableRole } from '@common/permissions.ts'
import { inviteUserBody } from '@common/schemas/workspaces.ts'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Select } from '../../components/ui/select.tsx'
import { inviteUser } from '../../data/invitations.ts'
import { queryKeys } from '../../data/query-keys.ts'
import { ApiError } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'
import type { LocalWorkspace } from '../../local/db.ts'
import { ROLE_OPTIONS } from './people-list.tsx'

interface InviteDialogProps {
  workspace: LocalWorkspace
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function InviteDialog({ workspace, open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.inviteToWorkspace}
        description={workspace.name}
        data-testid="invite-dialog"
      >
        <InviteForm workspace={workspace} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function InviteForm({ workspace, onDone }: { workspace: LocalWorkspace; onDone: () => void }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<AssignableRole>('member')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = inviteUserBody.safeParse({ workspaceId: workspace.id, email, role })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.inviteFailed)
      return
    }
    setError(null)
    setSending(true)
    try {
      await inviteUser(parsed.data)
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceInvitations(workspace.id) })
      toast(messages.inviteSent, 'success')
      onDone()
    } catch (failure) {
      if (failure instanceof ApiError) {
        // One toast: the server's reason (e.g. already a member) when it gives one.
        toast(failure.message || messages.inviteFailed)
      } else if (failure instanceof TypeError) {
        toast(messages.inviteError) // no answer: network
      } else {
        toast(messages.unexpectedError)
      }
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field label="E-mail address" error={error}>
        <Input
          type="email"
          autoComplete="off"
          placeholder="teammate@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
      </Field>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-fg">Role</span>
        <Select
          value={role}
          onValueChange={setRole}
          options={ROLE_OPTIONS}
          aria-label="Role"
          className="w-40"
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          Send invitation
        </Button>
      </div>
    </form>
  )
}
