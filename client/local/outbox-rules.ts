// Pure decisions of the outbox (outbox.ts runs them): what a failed attempt means, which queued
// changes a rollback takes with it, which toasts a flow shows. Kept apart so they are unit-tested.

import { MAX_ICONS_PER_BATCH } from '@common/icon-limits.ts'
import { appMessages, messages } from '@common/messages.ts'
import { backoffDelay, isTransientStatus, isUnreachableStatus, MAX_SEND_TRIES } from '../lib/retry.ts'
import type { ChangeKind, OutboxEntry, RowSnapshot, RowTable } from './db.ts'

export type Failure =
  /** The browser is offline or the server cannot be reached: try again later, not a try. */
  | { kind: 'offline' }
  /** Signed out: keep the change and stop until the session is back. */
  | { kind: 'signed-out' }
  /** Nothing to do: what the change wanted is already true (a delete of something gone). */
  | { kind: 'done' }
  | { kind: 'retry'; delayMs: number }
  /** Undo the change (and the queued ones built on it); `gone`: the row is gone on the server. */
  | { kind: 'rollback'; message: string; gone: boolean }

export interface AttemptError {
  /** HTTP status, or undefined when no response arrived (network error). */
  status?: number
  message: string
  /** Seconds from a Retry-After header, if any. */
  retryAfter?: number
}

const isDelete = (kind: ChangeKind) => kind.endsWith('/delete') || kind === 'workspaces/delete-access'

/**
 * What to do after an attempt failed; `tries` counts this attempt already (docs/product.md §Sync
 * retry; which statuses and how long: client/lib/retry.ts). No answer, or one saying the server
 * cannot be reached, is not a try: a database restart must not undo what people did meanwhile.
 */
export function decideFailure(kind: ChangeKind, error: AttemptError, tries: number, online = true): Failure {
  const { status } = error
  if (status === undefined || !online || isUnreachableStatus(status)) return { kind: 'offline' }
  if (status === 401) return { kind: 'signed-out' }
  if (status === 404 && isDelete(kind)) return { kind: 'done' }
  if (!isTransientStatus(status)) return { kind: 'rollback', message: error.message, gone: status === 404 }
  if (tries >= MAX_SEND_TRIES) return { kind: 'rollback', message: error.message, gone: false }
  return { kind: 'retry', delayMs: backoffDelay(tries - 1, error.retryAfter) }
}

interface Flow {
  failed: (serverMessage: string) => string
  succeeded?: string
}

const FLOWS: Record<ChangeKind, Flow> = {
  'workspaces/create': { failed: messages.workspaceError },
  'workspaces/update': { failed: messages.workspaceError },
  'workspaces/delete': { failed: messages.workspaceError },
  'workspaces/update-credits-limit': {
    failed: () => messages.creditsLimitFailed,
    succeeded: messages.creditsLimitUpdated,
  },
  'workspaces/update-access-user': {
    failed: () => messages.userRoleUpdateFailed,
    succeeded: messages.userRoleUpdated,
  },
  'workspaces/delete-access': {
    failed: () => messages.userDeleteFromWorkspaceFailed,
    succeeded: messages.userDeletedFromWorkspace,
  },
  'projects/create': { failed: () => messages.createProjectFailed },
  'projects/update': { failed: () => messages.updateProjectFailed },
  'projects/delete': { failed: () => messages.deleteProjectFailed },
  'icons/create': { failed: () => messages.createIconFailed },
  'icons/update': { failed: () => messages.updateIconFailed },
  'icons/delete': { failed: () => messages.deleteIconFailed },
  'icons/undelete': { failed: () => appMessages.undeleteIconFailed },
  'icons/move': { failed: () => messages.updateIconFailed },
  'icons/restore': { failed: () => appMessages.restoreIconFailed },
  'icons/replace': { failed: () => appMessages.replaceIconFailed },
}

/**
 * Toasts of a rolled-back change: the flow's toast (docs/product.md §Toasts), and the server's message
 * (docs/product.md §Toasts: a failed mutation shows the server's message) unless the first already says it.
 * Icon flows word it as 'Icon error: {message}'.
 */
export function failureToasts(kind: ChangeKind, serverMessage: string): string[] {
  const flow = FLOWS[kind].failed(serverMessage)
  const detail = kind.startsWith('icons/') ? messages.iconError(serverMessage) : serverMessage
  return !serverMessage || flow.includes(serverMessage) ? [flow] : [flow, detail]
}

/** The success toast of a flow that shows one when the server confirms (credits, roles, removals). */
export const successToast = (kind: ChangeKind): string | undefined => FLOWS[kind].succeeded

/** The table whose row the server answers with, for changes that answer with a row. */
export function resultTable(kind: ChangeKind): RowTable | null {
  if (kind.endsWith('/delete') || kind === 'workspaces/delete-access') return null
  return kind === 'workspaces/update-access-user' ? 'workspaces_access' : (kind.split('/')[0] as RowTable)
}

/** The row a change is about. */
export function primaryRow(kind: ChangeKind, body: Record<string, unknown>): { table: RowTable; id: string } {
  if (kind === 'workspaces/update-access-user' || kind === 'workspaces/delete-access') {
    return { table: 'workspaces_access', id: String(body.personId) }
  }
  return { table: kind.split('/')[0] as RowTable, id: String(body.id) }
}

const key = (s: { table: RowTable; id: string }) => `${s.table}:${s.id}`

/**
 * The entries a failed one (or several, refused together) takes with it: itself and every later
 * entry built on it, in queue order: one that touches a row it (or one of those) touched, or that
 * lives in a workspace or project one of them created (a project queued in a workspace whose
 * creation failed).
 */
export function dependentEntries(
  queue: readonly OutboxEntry[],
  failedSeq: number | ReadonlySet<number>,
): OutboxEntry[] {
  const failed = typeof failedSeq === 'number' ? new Set([failedSeq]) : failedSeq
  const isFailed = (e: OutboxEntry) => e.seq !== undefined && failed.has(e.seq)
  const start = queue.findIndex(isFailed)
  if (start < 0) return []
  const touched = new Set<string>()
  const created = new Set<string>()
  const take = (entry: OutboxEntry) => {
    for (const s of entry.before) {
      touched.add(key(s))
      if (s.row === null && (s.table === 'workspaces' || s.table === 'projects')) created.add(s.id)
    }
  }
  const livesInCreated = (entry: OutboxEntry) =>
    (entry.workspace_id !== null && created.has(entry.workspace_id)) ||
    (typeof entry.body.project_id === 'string' && created.has(entry.body.project_id))
  const first = queue[start]!
  take(first)
  const out = [first]
  for (const entry of queue.slice(start + 1)) {
    if (!isFailed(entry) && !entry.before.some((s) => touched.has(key(s))) && !livesInCreated(entry)) continue
    out.push(entry)
    take(entry)
  }
  return out
}

/**
 * The snapshots to write, in order, to undo these entries (given in queue order): the newest
 * change first, so each row ends as it was before the oldest of them.
 */
export function undoSteps(entries: readonly OutboxEntry[]): RowSnapshot[] {
  const steps: RowSnapshot[] = []
  for (const entry of [...entries].reverse()) steps.push(...[...entry.before].reverse())
  return steps
}

/** Ids of one table that have a pending change in these entries. */
export function pendingIds(entries: readonly OutboxEntry[], table: RowTable): Set<string> {
  const ids = new Set<string>()
  for (const entry of entries) for (const s of entry.before) if (s.table === table) ids.add(s.id)
  return ids
}

/** Most queued icon creates sent in one request, and their bodies' size (the API takes 1 MiB). */
export const MAX_BATCH = MAX_ICONS_PER_BATCH
export const MAX_BATCH_BYTES = 768 * 1024

/**
 * The entries to send together with the head of the queue (`head`, in queue order): when it is an
 * icon create, the consecutive icon creates after it into the same workspace and project, tried as
 * often, built on none of the entries taken before them (no row in common), within MAX_BATCH and
 * MAX_BATCH_BYTES (`bytesOf`: an entry's body as sent). Anything else goes alone.
 */
export function createBatch(
  head: readonly OutboxEntry[],
  bytesOf: (entry: OutboxEntry) => number,
): OutboxEntry[] {
  const first = head[0]
  if (!first) return []
  if (first.kind !== 'icons/create') return [first]
  const batch = [first]
  const touched = new Set(first.before.map(key))
  let bytes = bytesOf(first)
  for (const entry of head.slice(1)) {
    const alike =
      entry.kind === 'icons/create' &&
      entry.workspace_id === first.workspace_id &&
      entry.body.project_id === first.body.project_id &&
      entry.tries === first.tries
    if (!alike || batch.length >= MAX_BATCH || entry.before.some((s) => touched.has(key(s)))) break
    bytes += bytesOf(entry)
    if (bytes > MAX_BATCH_BYTES) break
    batch.push(entry)
    for (const s of entry.before) touched.add(key(s))
  }
  return batch
}
