// Pending invitations in Manage Workspace (those who may invite): each invited address with its
// role, who sent it and when it expires, and a Revoke button (ADR 0012). A revoked row leaves the
// list; focus then goes to the section's heading so that keyboard users are not left nowhere.
import { appMessages } from '@common/messages.ts'
import type { InvitationRow } from '@common/schemas/rows.ts'
import { useId, useRef } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { useRevokeInvitation, useWorkspaceInvitations } from '../../data/invitations.ts'
import { ApiError } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'

const DAY_MS = 86_400_000
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "Expires in 7 days", "Expires within a day", or "Expired". */
function expiryLabel(expiresAt: string, now = Date.now()): string {
  const left = Date.parse(expiresAt) - now
  if (left <= 0) return 'Expired'
  const days = Math.ceil(left / DAY_MS)
  return days <= 1 ? 'Expires within a day' : `Expires in ${days} days`
}

export function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const invitations = useWorkspaceInvitations(workspaceId)
  const revoke = useRevokeInvitation()

  function revokeOne(invitation: InvitationRow) {
    revoke.mutate(invitation, {
      onSuccess: () => {
        toast(appMessages.invitationRevoked(invitation.email), 'success')
        heading.current?.focus()
      },
      onError: (error) =>
        toast(
          error instanceof ApiError && error.message ? error.message : appMessages.revokeInvitationFailed,
        ),
    })
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="pending-invitations">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-medium text-fg outline-none">
        Pending invitations
      </h3>
      {invitations.isPending ? (
        <p className="text-sm text-muted">Loading invitations…</p>
      ) : invitations.isError ? (
        <p className="text-sm text-danger" role="alert">
          {appMessages.fetchPendingInvitationsFailed}
        </p>
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-muted">No pending invitations.</p>
      ) : (
        <ul className="flex max-h-56 flex-col divide-y divide-line overflow-y-auto rounded-lg border border-line">
          {invitations.data.map((invitation) => {
            const expiry = expiryLabel(invitation.expires_at)
            return (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
                data-testid="pending-invitation"
              >
                <div className="flex min-w-0 flex-1 basis-44 flex-col">
                  <span className="truncate text-sm text-fg">{invitation.email}</span>
                  <span className="text-xs text-muted">
                    {capitalize(invitation.role)}
                    {invitation.invited_by_email ? ` · invited by ${invitation.invited_by_email}` : ''} ·{' '}
                    <span className={expiry === 'Expired' ? 'text-danger' : undefined}>{expiry}</span>
                  </span>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  disabled={revoke.isPending && revoke.variables?.id === invitation.id}
                  onClick={() => revokeOne(invitation)}
                >
                  Revoke
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
