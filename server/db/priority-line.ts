// The one order in which waiting database calls are served (ADR 0417, 0419), on PGlite's thread
// (pglite-queue.ts) and for a Postgres connection (PriorityPool, pg-pool.ts): urgent calls first
// (live delivery's reads), then writing requests', then reads, then bulk reads (a large list's pages
// after its first), each kind in arrival order; but a read (or bulk read) goes after every
// WRITES_BEFORE_A_READ writes in a row, and a bulk read after every READS_BEFORE_A_BULK reads in a
// row, so a flood of writes never starves reads, nor reads a list's pages. The rule counts calls
// served in a row, not how often one call was passed: however many reads wait, a write waits for one
// read at most.
import type { QueryPriority } from './query-priority.ts'

/**
 * Writes served in a row while reads wait, before one read goes: a long import never starves the
 * team's reads (they keep a fifth of the thread or the pool), and a create waits behind a read or so.
 */
export const WRITES_BEFORE_A_READ = 4

/** Reads served in a row while bulk reads wait, before one bulk read goes (a list's page still moves). */
export const READS_BEFORE_A_BULK = 4

const ORDER: QueryPriority[] = ['urgent', 'write', 'read', 'bulk']

export class PriorityLine<T> {
  private readonly waiting: Record<QueryPriority, T[]> = { urgent: [], write: [], read: [], bulk: [] }
  private writesInARow = 0
  private readsInARow = 0

  push(item: T, priority: QueryPriority): void {
    this.waiting[priority].push(item)
  }

  /** The next to serve (above), taken out of the line. */
  next(): T | undefined {
    const { urgent, write, read, bulk } = this.waiting
    if (urgent.length) return urgent.shift()
    if (write.length && (this.writesInARow < WRITES_BEFORE_A_READ || !(read.length + bulk.length))) {
      this.writesInARow++
      return write.shift()
    }
    this.writesInARow = 0
    // Reads are counted only while bulk reads wait.
    if (read.length && (this.readsInARow < READS_BEFORE_A_BULK || !bulk.length)) {
      this.readsInARow = bulk.length ? this.readsInARow + 1 : 0
      return read.shift()
    }
    this.readsInARow = 0
    return bulk.shift()
  }

  get length(): number {
    return ORDER.reduce((n, priority) => n + this.waiting[priority].length, 0)
  }

  /** Takes out the first item (in the order of ORDER, then arrival) that `matches`. */
  remove(matches: (item: T) => boolean): T | undefined {
    for (const priority of ORDER) {
      const list = this.waiting[priority]
      const at = list.findIndex(matches)
      if (at >= 0) return list.splice(at, 1)[0]
    }
    return undefined
  }
}
