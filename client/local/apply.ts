// The one merge of server rows into the local database, by the rule of reconcile.ts: applyServerRows
// is used by the live stream (live.ts), list syncs (sync.ts) and the settling of confirmed or rolled
// back changes (settleRows, outbox-settle.ts), all in the one tab that leads syncing (engine.ts), so
// the two in-memory notes below are complete:
// - `deferred`: the latest server version of a row that has a pending change (applied once the
//   change is confirmed, if still newer);
// - `recentWrites`: when a row was last written from an event, a list or an answer, so that a list
//   requested before that does not undo it.
import { pendingAmong, StoredRows } from './bulk-write.ts'
import { type AnyRow, db, rowKey as key, type RowTable, rowTable } from './db.ts'
import { mergeRow, type Row, sameRow } from './reconcile.ts'

const deferred = new Map<string, AnyRow | null>()
const recentWrites = new Map<string, number>()

/** Ids of `table` written from events, lists or answers at or after `since` (performance.now()). */
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
function noteWrite(table: RowTable, id: string) {
  const now = performance.now()
  const k = key(table, id)
  recentWrites.delete(k)
  recentWrites.set(k, now)
  for (const [old, at] of recentWrites) {
    if (now - at <= NOTE_TTL_MS) break
    recentWrites.delete(old)
  }
}

/** The server's version of one row: `row` null when it was deleted there. */
export interface ServerRow {
  id: string
  row: AnyRow | null
  /**
   * Only absent from a list (null row): deleted here unless held, but never kept aside for a
   * pending change (a create still queued is absent from every list until it is confirmed).
   */
  absent?: boolean
}

/**
 * Applies the server's versions of distinct rows of one table: a row with a pending change keeps
 * its local version and the server's is kept aside until the change settles; a row in `keep` (a
 * list's row written again since the list was requested) is left as it is; any other takes the
 * server's version unless it is older than the local one. An identical row is not written again (a
 * write wakes every live query of the table). Writes go through `stored`, to announce after the
 * commit. Inside rwTransaction(); one read of the outbox and one of the table for all the rows.
 */
export async function applyServerRows(
  table: RowTable,
  rows: readonly ServerRow[],
  stored: StoredRows,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  if (!rows.length) return
  const ids = rows.map((r) => r.id)
  const pending = await pendingAmong(table, ids)
  const local = (await rowTable(table).bulkGet(ids)) as (Row | undefined)[]
  const puts: AnyRow[] = []
  const deletes: string[] = []
  rows.forEach(({ id, row, absent }, i) => {
    if (pending.has(id)) {
      if (!absent) deferred.set(key(table, id), row)
      return
    }
    if (keep.has(id)) return
    const current = local[i]
    const merge = mergeRow(current, row, false)
    if (merge === 'put' && row && !sameRow(current, row)) puts.push(row)
    else if (merge === 'delete') deletes.push(id)
    noteWrite(table, id)
  })
  await stored.put(puts)
  await stored.delete(deletes)
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
 * takes the answer, then any newer server version that arrived meanwhile (applyServerRows). Inside
 * rwTransaction(). Returns the writers of what it stored, to `announce()` once the transaction
 * committed (bulk-write.ts), so the live lists take a confirmed batch as it is.
 */
export async function settleRows(items: readonly Settle[]): Promise<StoredRows[]> {
  if (!items.length) return []
  const keys = items.map((i) => key(i.table, i.id))
  const pending = new Set((await db.outbox.where('keys').anyOf(keys).keys()) as string[])
  const writers = new Map<RowTable, StoredRows>()
  const writerOf = (table: RowTable) => {
    const writer = writers.get(table) ?? new StoredRows(table)
    writers.set(table, writer)
    return writer
  }
  const answers = new Map<RowTable, AnyRow[]>()
  const later = new Map<RowTable, ServerRow[]>()
  const push = <T>(map: Map<RowTable, T[]>, table: RowTable, value: T) => {
    const list = map.get(table)
    if (list) list.push(value)
    else map.set(table, [value])
  }
  for (const { table, id, answer } of items) {
    const k = key(table, id)
    if (pending.has(k)) {
      if (answer) deferred.set(k, answer)
      continue
    }
    if (answer) push(answers, table, answer)
    noteWrite(table, id)
    const arrived = deferred.get(k)
    deferred.delete(k)
    // A confirmed delete: whatever arrived before it is older than it.
    if (arrived !== undefined && answer !== null) push(later, table, { id, row: arrived })
  }
  for (const [table, rows] of answers) await writerOf(table).put(rows)
  for (const [table, rows] of later) await applyServerRows(table, rows, writerOf(table))
  return [...writers.values()]
}
