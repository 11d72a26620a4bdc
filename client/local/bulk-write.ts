// Bulk writes of server rows (sync.ts, live.ts) and their announcement to this tab's live lists.
// Dexie's `storagemutated` event names the exact keys a write changed only for writes of fewer than
// 50 rows; from 50 on it says "anything in the table may have changed" (tracking each key of
// thousands costs seconds in Dexie's range sets: measured, ADR 0402). So a list that follows the
// table (data/live-project-icons.ts) would read everything again after each large write.
// Writers here announce what they stored right after the commit (in the same task as Dexie's event,
// before any other task), and the list takes those rows as they are, without reading them back.
import { type AnyRow, db, type RowTable, rowKey, rowTable } from './db.ts'
import { pendingIds } from './outbox-rules.ts'

/** Dexie names each key of a write of fewer rows than this; a range from there on. */
const RANGED_FROM = 50

/** Rows stored by one committed transaction (the final state of each: put, or deleted). */
export interface Stored {
  table: RowTable
  put: readonly AnyRow[]
  deleted: readonly string[]
  /** How many of the transaction's writes Dexie reported as a range rather than keys. */
  ranged: number
}

const listeners = new Set<(stored: Stored) => void>()

/** Hears what this tab's sync and live stream store, right after each commit. */
export function onStored(listener: (stored: Stored) => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Collects a transaction's writes of one table; `announce()` after the transaction committed. */
export class StoredRows {
  private readonly rows = new Map<string, AnyRow | null>()
  private ranged = 0
  private readonly table: RowTable

  constructor(table: RowTable) {
    this.table = table
  }

  /** Puts rows in one write; inside a transaction. */
  async put(rows: readonly AnyRow[]) {
    if (!rows.length) return
    await rowTable(this.table).bulkPut(rows as AnyRow[])
    if (rows.length >= RANGED_FROM) this.ranged++
    for (const row of rows) this.rows.set(row.id, row)
  }

  /** Deletes rows (Dexie names each deleted key); inside a transaction. */
  async delete(ids: readonly string[]) {
    if (!ids.length) return
    await rowTable(this.table).bulkDelete(ids as string[])
    for (const id of ids) this.rows.set(id, null)
  }

  announce() {
    if (!this.rows.size) return
    const put: AnyRow[] = []
    const deleted: string[] = []
    for (const [id, row] of this.rows) {
      if (row) put.push(row)
      else deleted.push(id)
    }
    const stored: Stored = { table: this.table, put, deleted, ranged: this.ranged }
    for (const listener of listeners) listener(stored)
  }
}

/** Which of `ids` (rows of `table`) have a pending change: one index lookup; inside a transaction over db.outbox. */
export async function pendingAmong(table: RowTable, ids: readonly string[]): Promise<Set<string>> {
  // An empty outbox (the usual case) answers at once: a look-up of 10,000 keys costs ~20 ms.
  if (!ids.length || (await db.outbox.count()) === 0) return new Set()
  const entries = await db.outbox
    .where('keys')
    .anyOf(ids.map((id) => rowKey(table, id)))
    .toArray()
  return pendingIds(entries, table)
}
