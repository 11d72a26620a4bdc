// Asks a signed-in user who opened a sign-in link whether to sign out and continue with it
// (pending-link.ts). Focus starts on "Stay signed in" and Escape keeps the current account.
import { appMessages } from '@common/messages.ts'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { forgetPendingLink, pendingLink } from './pending-link.ts'

export function PendingLinkDialog({
  email,
  onContinue,
}: {
  email: string
  /** Signs out, then opens /verify-identity with the token. */
  onContinue: (token: string) => void
}) {
  const [token, setToken] = useState(pendingLink)
  return (
    <ConfirmDialog
      open={token !== null}
      onOpenChange={(open) => {
        if (open) return
        forgetPendingLink()
        setToken(null)
      }}
      title={appMessages.pendingLinkTitle}
      description={appMessages.pendingLinkBody(email)}
      cancelLabel={appMessages.pendingLinkStay}
      confirmLabel={appMessages.pendingLinkConfirm}
      onConfirm={() => {
        if (token) onContinue(token)
      }}
    />
  )
}
