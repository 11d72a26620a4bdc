// What a list that needs the server shows instead of its rows (the "Recently deleted" dialogs of
// icons, projects and workspaces): offline, loading, failed with Try again, or empty; null when it
// has rows to show.
import { appMessages } from '@common/messages.ts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '../../lib/api.ts'
import { Button } from './button.tsx'

export function serverListState({
  offline,
  list,
  rows,
  texts,
  testId,
}: {
  offline: boolean
  list: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>
  /** The rows shown (after any filtering): none makes the empty state. */
  rows: number
  texts: { offline: string; failed: string; empty: ReactNode }
  testId: string
}): ReactNode | null {
  if (offline)
    return (
      <p role="status" className="text-sm text-muted" data-testid={`${testId}-offline`}>
        {texts.offline}
      </p>
    )
  if (list.isPending)
    return (
      <p role="status" className="text-sm text-muted">
        {appMessages.loading}
      </p>
    )
  if (list.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <p>
          {texts.failed}: {errorMessage(list.error)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    )
  if (!rows)
    return (
      <p role="status" className="text-sm text-muted" data-testid={`${testId}-empty`}>
        {texts.empty}
      </p>
    )
  return null
}
