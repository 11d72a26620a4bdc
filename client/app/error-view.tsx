// The router's default error view: 'Something went wrong!' with a Show Error / Hide Error toggle,
// and the ways out: Retry (the failed loads run again), Home, and Sign out for when the
// user's own account is what fails to load.
import { appMessages, messages } from '@common/messages.ts'
import { useQueryClient } from '@tanstack/react-query'
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button, buttonClass } from '../components/ui/button.tsx'
import { errorMessage } from '../lib/api.ts'
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload.ts'
import { useSignOut } from './use-sign-out.ts'

export function ErrorView({ error, reset }: ErrorComponentProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const detailsId = useId()
  const router = useRouter()
  const queryClient = useQueryClient()
  const signOut = useSignOut()

  useEffect(() => {
    // A route chunk that no longer exists (new deploy): reload once to fetch the new files.
    if (isChunkLoadError(error)) reloadOnce(errorMessage(error))
  }, [error])

  const retry = async () => {
    setBusy(true)
    try {
      // Failed queries start over (not their cached error), then every loader runs again.
      await queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' })
      reset()
      await router.invalidate()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <TriangleAlert className="size-8 text-danger" aria-hidden />
      <h1 className="text-lg font-semibold text-fg">{messages.somethingWentWrong}</h1>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" onClick={() => void retry()} disabled={busy} aria-busy={busy}>
          {appMessages.errorRetry}
        </Button>
        <Link to="/" reloadDocument className={buttonClass('secondary', 'sm')}>
          {appMessages.errorHome}
        </Link>
        <Button variant="secondary" size="sm" onClick={() => void signOut()}>
          {appMessages.errorSignOut}
        </Button>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? messages.hideError : messages.showError}
      </Button>
      {open ? (
        <pre
          id={detailsId}
          data-testid="error-details"
          className="w-full overflow-x-auto rounded-md border border-line bg-surface p-3 text-left text-xs whitespace-pre-wrap text-danger"
        >
          {errorMessage(error)}
        </pre>
      ) : null}
    </div>
  )
}
