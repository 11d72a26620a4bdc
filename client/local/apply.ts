// Writes server versions of rows into the local database by the rule of reconcile.ts. Used by the
// live stream (live.ts), the answers to queued changes (outbox.ts) and list syncs (sync.ts), all in
// the one tab that leads syncing (engine.ts), so the two in-memory notes below are complete:
// - `deferred`: the latest server version of a row that has a pending change (applied once the
//   change is confirmed, if still newer);
// - `recentWrites`: when a row was last written from an event or an answer, so that a list
//   requested before that does not undo it.
import { type AnyRow, hasPendingChange, rowKey as key, type RowTable, rowTable } from './db.ts'
import { mergeRow, type Row } from './reconcile.ts'

const deferred = new Map<string, AnyRow | null>()
const recentWrites = new Map<string, number>()

/** Ids of `table` written from events or answers at or after `since` (performance.now()). */
export function writtenSince(table: RowTable, since: number): Set<string> {
  const ids = new Set<string>()
  const prefix = `${table}:`
  for (const [k, at] of recentWrites) if (at >= since && k.startsWith(prefix)) ids.add(k.slice(prefix.length))
  return ids
}

export function noteWrite(table: RowTable, id: string) {
  const now = performance.now()
  recentWrites.set(key(table, id), now)
  // Forget notes older than any list request can be (they only matter while one is in flight).
  if (recentWrites.size > 5000) {
    for (const [k, at] of recentWrites) if (now - at > 120_000) recentWrites.delete(k)
  }
}

/** Remembers the server's latest version of a row with a pending change. */
export function deferServerRow(table: RowTable, id: string, row: AnyRow | null) {
  deferred.set(key(table, id), row)
}

/**
 * Applies the server's version of one row (null: deleted there). Must run inside a 'rw'
 * transaction over db.outbox and the row tables. Returns what happened.
 */
export async function applyServerRow(table: RowTable, id: string, remote: AnyRow | null) {
  const pending = await hasPendingChange(table, id)
  const local = (await rowTable(table).get(id)) as Row | undefined
  const merge = mergeRow(local, remote, pending)
  if (pending) deferServerRow(table, id, remote)
  else if (merge === 'put' && remote) await rowTable(table).put(remote)
  else if (merge === 'delete') await rowTable(table).delete(id)
  if (!pending) noteWrite(table, id)
  return merge
}

/**
 * After a change is confirmed (`answer`: the row the server answered, null for a delete) or rolled
 * back (`answer` undefined: the snapshot is already restored): a row with no change left pending
 * takes the answer, then any newer server version that arrived meanwhile. Runs inside the same kind
 * of transaction as applyServerRow.
 */
export async function settleRow(
  table: RowTable,
  id: string,
  answer: AnyRow | null | undefined,
): Promise<void> {
  const k = key(table, id)
  if (await hasPendingChange(table, id)) {
    if (answer) deferServerRow(table, id, answer)
    return
  }
  if (answer) await rowTable(table).put(answer)
  noteWrite(table, id)
  const later = deferred.get(k)
  deferred.delete(k)
  // A confirmed delete: whatever arrived before it is older than it.
  if (later === undefined || answer === null) return
  const current = (await rowTable(table).get(id)) as Row | undefined
  const merge = mergeRow(current, later, false)
  if (merge === 'put' && later) await rowTable(table).put(later)
  else if (merge === 'delete') await rowTable(table).delete(id)
}
