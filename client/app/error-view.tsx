// The router's default error view: 'Something went wrong!' with a Show Error / Hide Error toggle.
import { messages } from '@common/messages.ts'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '../components/ui/button.tsx'
import { errorMessage } from '../lib/api.ts'
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload.ts'

export function ErrorView({ error }: ErrorComponentProps) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()

  useEffect(() => {
    // A route chunk that no longer exists (new deploy): reload once to fetch the new files.
    if (isChunkLoadError(error)) reloadOnce(errorMessage(error))
  }, [error])

  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <TriangleAlert className="size-8 text-danger" aria-hidden />
      <h1 className="text-lg font-semibold text-fg">{messages.somethingWentWrong}</h1>
      <Button
        variant="secondary"
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
