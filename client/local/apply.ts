// Writes server versions of rows into the local database by the rule of reconcile.ts. Used by the
// live stream (live.ts), the answers to queued changes (outbox.ts) and list syncs (sync.ts), all in
// the one tab that leads syncing (engine.ts), so the two in-memory notes below are complete:
// - `deferred`: the latest server version of a row that has a pending change (applied once the
//   change is confirmed, if still newer);
// - `recentWrites`: when a row was last written from an event or an answer, so that a list
//   requested before that does not undo it.

import { StoredRows } from './bulk-write.ts'
import { type AnyRow, db, hasPendingChange, rowKey as key, type RowTable, rowTable } from './db.ts'
import { mergeRow, type Row, sameRow } from './reconcile.ts'

const deferred = new Map<string, AnyRow | null>()
const recentWrites = new Map<string, number>()

/** Ids of `table` written from events or answers at or after `since` (performance.now()). */
export function writtenSince(table: RowTable, since: number): Set<string> {
  const ids = new Set<string>()
  const prefix = `${table}:`
  for (const [k, at] of recentWrites) if (at >= since && k.startsWith(prefix)) ids.add(k.slice(prefix.length))
  return ids
}

/** Notes older than any list request can be are forgotten (they only matter while one is in flight). */
const NOTE_TTL_MS = 120_000

/** O(1) amortised: the map is kept in time order (a key noted again moves to the end), so the
 * oldest notes are at its start and forgetting them stops at the first recent one. */
export function noteWrite(table: RowTable, id: string) {
  const now = performance.now()
  const k = key(table, id)
  recentWrites.delete(k)
  recentWrites.set(k, now)
  for (const [old, at] of recentWrites) {
    if (now - at <= NOTE_TTL_MS) break
    recentWrites.delete(old)
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
  // An identical row is not written again (a write wakes every live query of the table).
  else if (merge === 'put' && remote && !sameRow(local, remote)) await rowTable(table).put(remote)
  else if (merge === 'delete') await rowTable(table).delete(id)
  if (!pending) noteWrite(table, id)
  return merge
}

/** A row to settle: `answer` is the row the server answered, null for a delete, undefined for none. */
export interface Settle {
  table: RowTable
  id: string
  answer: AnyRow | null | undefined
}

/**
 * After changes are confirmed (`answer`: the row the server answered, null for a delete) or rolled
 * back (`answer` undefined: the snapshot is already restored): a row with no change left pending
 * takes the answer, then any newer server version that arrived meanwhile. Runs inside the same kind
 * of transaction as applyServerRow; one look-up of the outbox for all the rows. Returns the answers
 * it stored, to `announce()` once the transaction committed (bulk-write.ts), so the live lists take
 * a confirmed batch as it is rather than reading the table again.
 */
export async function settleRows(items: readonly Settle[]): Promise<StoredRows[]> {
  if (!items.length) return []
  const keys = items.map((i) => key(i.table, i.id))
  const pending = new Set((await db.outbox.where('keys').anyOf(keys).keys()) as string[])
  const puts = new Map<RowTable, AnyRow[]>()
  for (const { table, id, answer } of items) {
    if (pending.has(key(table, id))) {
      if (answer) deferServerRow(table, id, answer)
    } else if (answer) {
      const rows = puts.get(table) ?? []
      rows.push(answer)
      puts.set(table, rows)
    }
  }
  const writers = new Map<RowTable, StoredRows>()
  const writerOf = (table: RowTable) => {
    const writer = writers.get(table) ?? new StoredRows(table)
    writers.set(table, writer)
    return writer
  }
  for (const [table, rows] of puts) await writerOf(table).put(rows)
  for (const { table, id, answer } of items) {
    const k = key(table, id)
    if (pending.has(k)) continue
    noteWrite(table, id)
    const later = deferred.get(k)
    deferred.delete(k)
    // A confirmed delete: whatever arrived before it is older than it.
    if (later === undefined || answer === null) continue
    const current = (await rowTable(table).get(id)) as Row | undefined
    const merge = mergeRow(current, later, false)
    if (merge === 'put' && later && !sameRow(current, later)) await writerOf(table).put([later])
    else if (merge === 'delete') await writerOf(table).delete([id])
  }
  return [...writers.values()]
}

/** settleRows for one row. */
export const settleRow = (table: RowTable, id: string, answer: AnyRow | null | undefined) =>
  settleRows([{ table, id, answer }])
