// The sync state in the header: offline (the browser is, or the server cannot be reached), how many
// changes wait in the outbox, or all saved. Fed by client/local (the outbox count and connection.ts).
import { countOf } from '@common/format-count.ts'
import { CloudCheck, CloudOff, CloudUpload } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { isOffline, subscribeConnection } from '../local/connection.ts'
import { db } from '../local/db.ts'
import { useLiveQuery } from '../local/use-live-query.ts'

function syncStatusText(offline: boolean, waiting: number): string {
  const changes = `${countOf(waiting, 'change')} waiting`
  if (offline) return waiting ? `Offline · ${changes}` : 'Offline'
  return waiting ? changes : 'All saved'
}

export function SyncStatus() {
  const offline = useSyncExternalStore(subscribeConnection, isOffline)
  const waiting = useLiveQuery(() => db.outbox.count(), []) ?? 0
  const text = syncStatusText(offline, waiting)
  const Icon = offline ? CloudOff : waiting ? CloudUpload : CloudCheck
  return (
    <output
      data-testid="sync-status"
      data-state={offline ? 'offline' : waiting ? 'waiting' : 'saved'}
      title={text}
      className={`flex h-8 shrink-0 items-center gap-1.5 rounded-md px-1.5 text-xs ${offline ? 'text-danger' : 'text-muted'}`}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only lg:not-sr-only lg:whitespace-nowrap">{text}</span>
    </output>
  )
}
