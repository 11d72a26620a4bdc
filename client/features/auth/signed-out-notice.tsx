// Why this browser was signed out, on /sign-in (ADR 0012): the account was deleted elsewhere, the
// session revoked from another device, signed out in another tab, or ended; that what it kept of the
// user is gone from it; and how many changes made here never reached the server.
import { appMessages } from '@common/messages.ts'
import type { SessionEndReason } from '@common/schemas/events.ts'
import { LogOut } from 'lucide-react'

export function SignedOutNotice({ reason, lost }: { reason: SessionEndReason; lost: number }) {
  return (
    <div
      role="alert"
      data-testid="signed-out-notice"
      className="mb-4 flex gap-3 rounded-xl border border-line bg-raised p-4 text-sm shadow-sm"
    >
      <LogOut className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-fg">{appMessages.signedOutTitle}</p>
        <p className="text-fg">{appMessages.signedOutWhy[reason]}</p>
        <p className="text-muted">{appMessages.signedOutCleared}</p>
        {lost > 0 ? <p className="text-danger">{appMessages.signedOutLost(lost)}</p> : null}
      </div>
    </div>
  )
}
