// The live stream: an EventSource on GET /api/events. `ready` opens every (re)connection and asks
// for a re-sync, since changes may have been missed meanwhile; each `change` (common/schemas/events.ts)
// is applied to the local database by the rule of reconcile.ts. A deleted workspace or project takes
// its rows with it; `membership revoked` drops everything of that workspace from the browser, queued
// changes included; `invitations changed` is passed on. Run by the leading tab (engine.ts).
import type { ChangeEvent } from '@common/schemas/events.ts'
import { applyServerRow } from './apply.ts'
import { db, ROW_TABLES, type RowTable } from './db.ts'

export interface LiveHandlers {
  /** A (re)connection is open: re-fetch the lists. */
  onReady(): void
  onInvitationsChanged(): void
}

const transaction = <T>(fn: () => Promise<T>) =>
  db.transaction('rw', [db.outbox, ...ROW_TABLES.map((t) => db.table(t))], fn)

/** Deletes a row from the server's side and what lives inside it, each by the rule. */
async function applyDelete(table: RowTable, id: string) {
  await applyServerRow(table, id, null)
  if (table === 'workspaces') {
    for (const child of ['projects', 'icons', 'workspaces_access'] as const) {
      const ids = (await db.table(child).where('workspace_id').equals(id).primaryKeys()) as string[]
      for (const childId of ids) await applyServerRow(child, childId, null)
    }
  }
  if (table === 'projects') {
    const ids = await db.icons.where('project_id').equals(id).primaryKeys()
    for (const iconId of ids) await applyServerRow('icons', iconId, null)
  }
}

/** Everything of a workspace leaves this browser: its rows and the changes queued for it. */
export async function dropWorkspace(workspaceId: string) {
  await transaction(async () => {
    await db.outbox.where('workspace_id').equals(workspaceId).delete()
    await db.workspaces.delete(workspaceId)
    await db.projects.where('workspace_id').equals(workspaceId).delete()
    await db.icons.where('workspace_id').equals(workspaceId).delete()
    await db.workspaces_access.where('workspace_id').equals(workspaceId).delete()
  })
}

export async function applyChangeEvent(
  event: ChangeEvent,
  handlers: Pick<LiveHandlers, 'onInvitationsChanged'>,
) {
  switch (event.entity) {
    case 'membership':
      await dropWorkspace(event.workspace_id)
      return
    case 'invitations':
      handlers.onInvitationsChanged()
      return
    default:
      await transaction(async () => {
        if (event.op === 'upsert') await applyServerRow(event.entity, event.row.id, event.row)
        else await applyDelete(event.entity, event.id)
      })
  }
}

const RECONNECT_MS = 5000

/** Opens the stream; returns a function that closes it. EventSource reconnects by itself after a
 * dropped connection; when it gives up (e.g. an error status), we open a new one a little later. */
export function connectLive(handlers: LiveHandlers): () => void {
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  // Events are applied one after another, in the order they came.
  let chain: Promise<void> = Promise.resolve()

  const open = () => {
    if (closed) return
    source = new EventSource('/api/events')
    source.addEventListener('ready', () => handlers.onReady())
    source.addEventListener('change', (message) => {
      let event: ChangeEvent
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent
      } catch {
        return
      }
      chain = chain
        .then(() => applyChangeEvent(event, handlers))
        .catch((error: unknown) => console.error('Could not apply a change event', error))
    })
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return
      source = null
      timer = setTimeout(open, RECONNECT_MS)
    })
  }
  open()
  return () => {
    closed = true
    clearTimeout(timer)
    source?.close()
  }
}
