// Account → Tokens (ADR 0019): create a personal API token (create-token-form.tsx), see it once with
// a Copy button, list the tokens with when they were created and last used, and revoke one after a
// confirmation; the Iconify prefixes the tokens reach and the project each answers
// (token-prefixes.tsx). Tokens live on the server only: offline the dialog says it needs a
// connection. One column throughout: fine at 375 px.
import { appMessages } from '@common/messages.ts'
import type { ApiTokenRow } from '@common/schemas/tokens.ts'
import { BookOpen, Copy } from 'lucide-react'
import { type ReactNode, useState, useSyncExternalStore } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Input } from '../../components/ui/input.tsx'
import { serverListState } from '../../components/ui/server-list-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'
import { isOffline, subscribeConnection } from '../../local/connection.ts'
import { ApiReferenceDialog } from './api-reference-dialog.tsx'
import { CreateTokenForm } from './create-token-form.tsx'
import { TokenPrefixes } from './token-prefixes.tsx'
import { useApiTokens, useRevokeApiToken } from './tokens-api.ts'

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function NewToken({ token, onDone }: { token: string; onDone(): void }) {
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast(appMessages.tokenCopied, 'success'),
      (e) => toast(errorMessage(e)),
    )
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-accent p-3" data-testid="token-new">
      <p className="text-sm font-medium text-fg">{appMessages.tokenCreated}</p>
      <p className="text-sm text-muted">{appMessages.tokenShownOnce}</p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={token}
          aria-label={appMessages.tokenCreated}
          className="min-w-0 flex-1 font-mono text-xs"
          data-testid="token-value"
          onFocus={(e) => e.target.select()}
        />
        <Button size="sm" variant="secondary" className="min-h-9 shrink-0" onClick={copy}>
          <Copy className="size-3.5" aria-hidden />
          {appMessages.tokenCopy}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button size="sm" className="min-h-9" onClick={onDone}>
          {appMessages.tokenDone}
        </Button>
      </div>
    </div>
  )
}

function TokenItem({ token, onRevoke }: { token: ApiTokenRow; onRevoke(): void }) {
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now()
  const reach = token.project_ids
    ? appMessages.tokenProjectCount(token.project_ids.length)
    : appMessages.tokenAllProjectsShort
  return (
    <li className="flex items-center gap-3 px-3 py-2" data-testid="token-row">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">
          {token.name}{' '}
          <span className="font-normal text-muted">
            · {token.scope} · {reach}
          </span>
        </p>
        <p className="text-xs text-muted">
          {appMessages.tokenCreatedOn(when(token.created_at))} ·{' '}
          {appMessages.tokenLastUsed(token.last_used_at ? when(token.last_used_at) : null)}
          {token.expires_at ? ` · ${appMessages.tokenExpires(when(token.expires_at), expired)}` : ''}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="min-h-9 shrink-0"
        aria-label={appMessages.tokenRevokeNamed(token.name)}
        onClick={onRevoke}
      >
        {appMessages.tokenRevoke}
      </Button>
    </li>
  )
}

export function TokensDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const offline = useSyncExternalStore(subscribeConnection, isOffline)
  const list = useApiTokens(open && !offline)
  const revoke = useRevokeApiToken()
  const [shown, setShown] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null)
  const [reference, setReference] = useState(false)

  const confirmRevoke = () => {
    const token = revoking
    setRevoking(null)
    if (!token) return
    revoke.mutate(token.id, {
      onSuccess: () => toast(appMessages.tokenRevokedNamed(token.name), 'success'),
      onError: (e) => toast(errorMessage(e)),
    })
  }

  let body: ReactNode = serverListState({
    offline,
    list,
    rows: list.data?.length ?? 0,
    texts: {
      offline: appMessages.tokensNeedConnection,
      failed: appMessages.tokensListFailed,
      empty: appMessages.tokensEmpty,
    },
    testId: 'tokens-list',
  })
  if (!body && list.data) {
    body = (
      <ul
        className="flex flex-col divide-y divide-line rounded-lg border border-line"
        aria-label={appMessages.tokensTitle}
      >
        {list.data.map((t) => (
          <TokenItem key={t.id} token={t} onRevoke={() => setRevoking(t)} />
        ))}
      </ul>
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setShown(null)
        onOpenChange(next)
      }}
    >
      <DialogContent
        title={appMessages.tokensTitle}
        description={appMessages.tokensDialogHint}
        data-testid="tokens-dialog"
      >
        <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
          {offline ? null : shown ? (
            <NewToken token={shown} onDone={() => setShown(null)} />
          ) : (
            <CreateTokenForm onCreated={setShown} />
          )}
          {body}
          <TokenPrefixes enabled={open && !offline} />
          <Button variant="ghost" size="sm" className="min-h-9 self-start" onClick={() => setReference(true)}>
            <BookOpen className="size-3.5" aria-hidden />
            {appMessages.tokenApiReference}
          </Button>
        </div>
        <ApiReferenceDialog open={reference} onOpenChange={setReference} />
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(o) => {
            if (!o) setRevoking(null)
          }}
          title={appMessages.tokenRevokeTitle}
          description={revoking ? appMessages.tokenRevokeBody(revoking.name) : ''}
          confirmLabel={appMessages.tokenRevoke}
          onConfirm={confirmRevoke}
        />
      </DialogContent>
    </Dialog>
  )
}
