// Workspace Invitation: the first pending invitation of the signed-in user, with Accept / Decline.
// Closing it without answering hides it until the next visit.
import { messages } from '@common/messages.ts'
import type { InvitationRow } from '@common/schemas/rows.ts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { acceptInvitation, declineInvitation, usePendingInvitations } from '../../data/invitations.ts'
import { queryKeys } from '../../data/query-keys.ts'
import { ApiError } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'

function acceptError(error: unknown): string {
  if (error instanceof ApiError) return messages.acceptInvitationError(error.message)
  if (error instanceof TypeError) return messages.acceptInvitationError(messages.networkError)
  return messages.acceptInvitationError()
}

export function InvitationDialog({ onAccepted }: { onAccepted: (workspaceId: string) => void }) {
  const invitations = usePendingInvitations()
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const queryClient = useQueryClient()
  const invitation = invitations.find((i) => !dismissed.has(i.id)) ?? null

  const close = (inv: InvitationRow) => setDismissed((d) => new Set(d).add(inv.id))
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations })

  async function answer(inv: InvitationRow, accept: boolean) {
    if (!inv.id) {
      toast(messages.noInvitationId)
      return
    }
    setBusy(true)
    try {
      if (accept) {
        const access = await acceptInvitation(inv.id)
        toast(messages.invitationAccepted, 'success')
        onAccepted(access.workspace_id)
      } else {
        await declineInvitation(inv.id)
        toast(messages.invitationDeclined, 'success')
      }
      close(inv)
    } catch (error) {
      toast(accept ? acceptError(error) : error instanceof Error ? error.message : messages.unexpectedError)
    } finally {
      setBusy(false)
      await refresh()
    }
  }

  return (
    <Dialog open={invitation !== null} onOpenChange={(open) => !open && invitation && close(invitation)}>
      <DialogContent title={messages.workspaceInvitation} data-testid="invitation-dialog">
        {invitation ? (
          <div className="flex flex-col gap-6">
            <p className="text-sm text-fg">
              {invitation.invited_by_email ? `${invitation.invited_by_email} invited you` : 'You are invited'}{' '}
              to join <strong className="font-semibold">{invitation.workspace_name}</strong> as{' '}
              {invitation.role}.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" disabled={busy} onClick={() => answer(invitation, false)}>
                {messages.decline}
              </Button>
              <Button disabled={busy} onClick={() => answer(invitation, true)}>
                {messages.accept}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
