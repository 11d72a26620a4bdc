// Account → Tokens (ADR 0019): the Account dialog's entry to the user's API tokens.
import { appMessages } from '@common/messages.ts'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { TokensDialog } from './tokens-dialog.tsx'

export function TokensSection() {
  const [open, setOpen] = useState(false)
  return (
    <div className="mt-4 rounded-lg border border-line p-3" data-testid="account-tokens">
      <h2 className="mb-1 text-sm font-medium text-fg">{appMessages.tokensTitle}</h2>
      <p className="mb-2 text-sm text-muted">{appMessages.tokensHint}</p>
      <Button variant="secondary" size="sm" className="min-h-9" onClick={() => setOpen(true)}>
        <KeyRound className="size-3.5" aria-hidden />
        {appMessages.tokensManage}
      </Button>
      <TokensDialog open={open} onOpenChange={setOpen} />
    </div>
  )
}
