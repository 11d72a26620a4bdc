// The live stream: an EventSource on GET /api/events. `ready` opens every (re)connection and asks
// for a re-sync, since changes may have been missed meanwhile, and so does `pull` (the server dropped
// a backlog we did not read, or its database connection blinked); each `change` (common/schemas/events.ts)
// is applied to the local database by the rule of reconcile.ts, and its scope's version is checked
// for a gap (a change committed but never announced to us: its scope is pulled, ADR 0303). A deleted workspace or project takes
// its rows with it; `membership revoked` drops everything of that workspace from the browser, queued
// changes included; `invitations changed` is passed on; `signed-out` (the session ended, and why)
// and a stream the server refuses are reported to lib/session-end.ts; an icon's upsert that replaced
// the user's own version unseen (`replaced`) is told to them with Restore (conflict-notice.ts). Run by
// the leading tab (engine.ts).
// Events are applied in batches (live-batch.ts): those that arrive within a few milliseconds of one
// another, or while a batch is being applied, go into one transaction with bulk reads and writes, so
// a teammate's import of 10,000 icons costs a few dozen transactions, not 10,000. The backlog is
// bounded: past MAX_BACKLOG waiting row events they are dropped for a re-sync (ADR 0402).
import { type ChangeEvent, SESSION_END_REASONS, type SignedOutEvent } from '@common/schemas/events.ts'
import { backoffDelay } from '../lib/retry.ts'
import { sessionEnded } from '../lib/session-end.ts'
import { applyServerRows } from './apply.ts'
import { StoredRows } from './bulk-write.ts'
import { type ConflictNotice, overwrittenNotice } from './conflict-notice.ts'
import { onServerBack } from './connection.ts'
import { type AnyRow, db, ROW_TABLES, type RowTable, rwTransaction } from './db.ts'
import { tellEveryTab, tellVanished, type Vanished } from './gone-notice.ts'
import { cascades, coalesce, eventRowId, isRowEvent, type RowEvent, runs, takeBatch } from './live-batch.ts'
import { localOwner } from './local-owner.ts'
import { heard, scopeOfEvent } from './pull.ts'

export interface LiveHandlers {
  /** A (re)connection is open: pull what may have been missed. */
  onReady(): void
  onInvitationsChanged(): void
  /** An event showed a change of this scope that never arrived (a gap in its versions): pull it. */
  onMissed(scope: string): void
  /** Any event arrived (the stream is alive). */
  onHeard(): void
}

type Writers = Map<RowTable, StoredRows>

/** Deletes a row from the server's side and what lives inside it, each by the rule. */
async function applyDelete(table: RowTable, id: string, stored: Writers) {
  const gone = async (t: RowTable, ids: string[]) =>
    applyServerRows(
      t,
      ids.map((childId) => ({ id: childId, row: null })),
      stored.get(t)!,
    )
  await gone(table, [id])
  if (table === 'workspaces') {
    const projects = (await db.projects.where('workspace_id').equals(id).primaryKeys()) as string[]
    for (const child of ['projects', 'icons', 'workspaces_access'] as const)
      await gone(child, (await db.table(child).where('workspace_id').equals(id).primaryKeys()) as string[])
    // A deleted workspace may be restored: it is then pulled whole, never from a cursor whose rows
    // this browser no longer has (ADR 0018).
    await forgetPulled(id, projects)
  }
  if (table === 'projects') {
    await gone('icons', await db.icons.where('project_id').equals(id).primaryKeys())
    await db.held.delete(id)
  }
}

/** The scope's cursor and its projects' held marks go: its next pull starts from scratch. */
async function forgetPulled(workspaceId: string, projectIds: string[]) {
  await db.cursors.delete(workspaceId)
  await db.held.bulkDelete(projectIds)
}

/** Everything of a workspace leaves this browser: its rows and the changes queued for it. */
async function dropWorkspace(workspaceId: string) {
  await rwTransaction(async () => {
    const projects = (await db.projects.where('workspace_id').equals(workspaceId).primaryKeys()) as string[]
    await db.outbox.where('workspace_id').equals(workspaceId).delete()
    await db.workspaces.delete(workspaceId)
    await db.projects.where('workspace_id').equals(workspaceId).delete()
    await db.icons.where('workspace_id').equals(workspaceId).delete()
    await db.workspaces_access.where('workspace_id').equals(workspaceId).delete()
    await forgetPulled(workspaceId, projects)
  })
}

/**
 * What the user is told of an event that takes something away from them (someone else deleted a
 * workspace project or a workspace, or removed them), read before the rows go; null when it is not
 * here (their own delete already took it, or it was never here).
 */
async function vanishing(event: ChangeEvent): Promise<Vanished | null> {
  if (event.entity === 'membership') {
    const w = await db.workspaces.get(event.workspace_id)
    return w ? { kind: 'removed', name: w.name, by: event.by } : null
  }
  if (event.op !== 'delete') return null
  if (event.entity === 'workspaces') {
    const w = await db.workspaces.get(event.id)
    if (!w) return null
    return event.for_good
      ? { kind: 'workspace-gone', name: w.name }
      : { kind: 'workspace', name: w.name, by: event.by }
  }
  if (event.entity === 'projects') {
    const p = await db.projects.get(event.id)
    // A personal project is the user's own: only another browser of theirs deleted it.
    return p?.workspace_id ? { kind: 'project', name: p.name, by: event.by } : null
  }
  return null
}

/** A workspace upsert for a workspace not here: restored (or rejoined), it is pulled whole. */
async function returning(event: ChangeEvent): Promise<string | null> {
  if (event.entity !== 'workspaces' || event.op !== 'upsert') return null
  if (await db.workspaces.get(event.row.id)) return null
  await db.cursors.delete(event.row.id)
  return event.row.id
}

/**
 * Applies events in order, each by the rule: row events in one transaction with bulk reads and
 * writes (applyServerRows), a membership revocation or an invitations notice on its own.
 */
export async function applyChangeEvents(
  events: readonly ChangeEvent[],
  handlers: Pick<LiveHandlers, 'onInvitationsChanged'> & Partial<Pick<LiveHandlers, 'onMissed'>>,
) {
  const told: Vanished[] = []
  const back: string[] = []
  // Read before batching coalesces an icon's events: the one that replaced the user's version.
  const overwritten: ConflictNotice[] = []
  const me = localOwner()
  for (const event of events) {
    const v = await vanishing(event)
    if (v) told.push(v)
    const id = await returning(event)
    if (id) back.push(id)
    const notice = overwrittenNotice(event, me)
    if (notice) overwritten.push(notice)
  }
  await applyAll(events, handlers)
  for (const v of told) tellVanished(v)
  for (const { text, command } of overwritten) tellEveryTab(text, command)
  for (const id of back) handlers.onMissed?.(id)
}

async function applyAll(
  events: readonly ChangeEvent[],
  handlers: Pick<LiveHandlers, 'onInvitationsChanged'>,
) {
  const rows: RowEvent[] = []
  const flushRows = async () => {
    if (!rows.length) return
    const batch = runs(coalesce(rows.splice(0)))
    const stored: Writers = new Map(ROW_TABLES.map((table) => [table, new StoredRows(table)]))
    await rwTransaction(async () => {
      for (const run of batch) {
        const [first] = run
        if (run.length === 1 && first && cascades(first))
          await applyDelete(first.entity, eventRowId(first), stored)
        else await applyRun(run, stored)
      }
    })
    for (const table of stored.values()) table.announce()
  }
  for (const event of events) {
    if (isRowEvent(event)) {
      rows.push(event)
      continue
    }
    await flushRows()
    if (event.entity === 'membership') await dropWorkspace(event.workspace_id)
    else handlers.onInvitationsChanged()
  }
  await flushRows()
}

/** Applies events of distinct rows with no cascade, table by table. */
async function applyRun(run: readonly RowEvent[], stored: Writers) {
  const byTable = new Map<RowTable, RowEvent[]>()
  for (const event of run) {
    const list = byTable.get(event.entity)
    if (list) list.push(event)
    else byTable.set(event.entity, [event])
  }
  for (const [table, events] of byTable) {
    const rows = events.map((event) => ({
      id: eventRowId(event),
      row: event.op === 'upsert' ? (event.row as AnyRow) : null,
    }))
    await applyServerRows(table, rows, stored.get(table)!)
  }
}

/** The data of a `signed-out` event; a reason this version does not know is `ended`. */
function parseSignedOut(data: string): SignedOutEvent {
  try {
    const { reason } = JSON.parse(data) as Partial<SignedOutEvent>
    return { reason: SESSION_END_REASONS.find((r) => r === reason) ?? 'ended' }
  } catch {
    return { reason: 'ended' }
  }
}

/** Most row events applied in one transaction. */
const MAX_BATCH = 1000
/** Events arriving within this many ms of the first waiting one are applied together. */
const BATCH_WAIT_MS = 16
/** Past this many waiting row events, they are dropped and the lists re-fetched instead. */
const MAX_BACKLOG = 20_000

/**
 * Opens the stream; returns a function that closes it. EventSource reconnects by itself after a
 * dropped connection; when it gives up (an error status: a proxy's 502/503 while the server
 * restarts, say), we open a new one after retry.ts's backoff (1 s doubling to 30 s, from 1 s again
 * once a connection is ready), or at once when the browser comes online or the server answers again.
 */
export function connectLive(handlers: LiveHandlers): () => void {
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  let failures = 0
  // Waiting events, applied in order a batch at a time; never more than MAX_BACKLOG row events.
  const queue: ChangeEvent[] = []
  let rowEvents = 0
  let draining = false
  let wait: ReturnType<typeof setTimeout> | undefined

  const drain = async () => {
    draining = true
    wait = undefined
    try {
      while (queue.length && !closed) {
        const batch = takeBatch(queue, MAX_BATCH)
        rowEvents -= batch.filter(isRowEvent).length
        try {
          await applyChangeEvents(batch, handlers)
        } catch (error) {
          console.error('Could not apply change events', error)
        }
        // Let the page render between batches.
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
    } finally {
      draining = false
    }
  }
  const enqueue = (event: ChangeEvent) => {
    queue.push(event)
    if (isRowEvent(event) && ++rowEvents > MAX_BACKLOG) {
      // Too far behind: what the waiting row events say, a re-sync fetches anyway.
      const others = queue.filter((e) => !isRowEvent(e))
      queue.length = 0
      queue.push(...others)
      rowEvents = 0
      handlers.onReady()
    }
    if (!draining && wait === undefined) wait = setTimeout(() => void drain(), BATCH_WAIT_MS)
  }

  const open = () => {
    if (closed) return
    timer = undefined
    source = new EventSource('/api/events')
    source.addEventListener('ready', () => {
      failures = 0
      handlers.onReady()
    })
    // The server dropped what waited for us (we read too slowly) or may have missed notes: pull.
    source.addEventListener('pull', () => handlers.onReady())
    // The session ended (account deleted, revoked, signed out elsewhere): this browser signs out.
    source.addEventListener('signed-out', (message) => {
      const { reason } = parseSignedOut((message as MessageEvent<string>).data)
      sessionEnded(reason)
    })
    source.addEventListener('change', (message) => {
      let event: ChangeEvent
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent
      } catch {
        return
      }
      handlers.onHeard()
      if (event.scope !== undefined && event.version !== undefined && heard(event.scope, event.version))
        handlers.onMissed(scopeOfEvent(event.scope))
      enqueue(event)
    })
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return
      source = null
      // Refused (a 401 when the session is gone, or a proxy's error): is anyone still signed in?
      sessionEnded('ended')
      timer = setTimeout(open, backoffDelay(failures++))
    })
  }
  /**
   * Waiting to reconnect: do it now. A stream the browser is still retrying by itself (offline, its
   * own reconnection delay growing) is opened again too: back online, the server is asked at once
   * (and a session that ended meanwhile is told within moments, not after the browser's next try).
   */
  const openNow = () => {
    if (closed) return
    if (timer !== undefined) clearTimeout(timer)
    else if (source && source.readyState === EventSource.CONNECTING) source.close()
    else return
    open()
  }
  open()
  const stopHearingBack = onServerBack(openNow)
  window.addEventListener('online', openNow)
  return () => {
    closed = true
    stopHearingBack()
    window.removeEventListener('online', openNow)
    clearTimeout(timer)
    clearTimeout(wait)
    source?.close()
  }
}
