// The database thread's queue (pglite-thread.ts, ADR 0307, 0417): one job at a time, by priority.
// PGlite alone would queue every call on its mutex in arrival order, so live delivery's few small
// reads, and a create's twenty-odd calls one after another, would each wait behind every read
// queued before them; here they wait for the job in progress.
import type { QueryPriority } from './query-priority.ts'

export type JobQueue<T> = { push(job: T, priority: QueryPriority): void }

/**
 * Writes served in a row while reads wait, before one read goes: a long import never starves the
 * team's reads (they keep a fifth of the thread), and a create waits behind a few reads at most.
 */
export const WRITES_BEFORE_A_READ = 4

/** Reads served in a row while bulk reads wait, before one bulk read goes (a list's page still moves). */
export const READS_BEFORE_A_BULK = 4

/**
 * Runs `run` on one job at a time (the queue moves on once its promise settles): urgent jobs first,
 * then writes, then reads, then bulk reads, each kind in arrival order, but a read or bulk read at
 * least every WRITES_BEFORE_A_READ writes, and a bulk read at least every READS_BEFORE_A_BULK
 * reads. The next job starts on the next turn of the event loop (setImmediate), not at once: a job
 * blocks the thread (Postgres's WebAssembly runs synchronously), and the messages that arrived
 * meanwhile must be read and queued before the next is chosen, or jobs would run in arrival order
 * regardless.
 */
export function jobQueue<T>(run: (job: T) => Promise<unknown>): JobQueue<T> {
  const waiting: Record<QueryPriority, T[]> = { urgent: [], write: [], read: [], bulk: [] }
  let writesInARow = 0
  let readsInARow = 0
  let busy = false // a job runs, or the choice of the next is scheduled
  const choose = (): T | undefined => {
    if (waiting.urgent.length) return waiting.urgent.shift()
    const lower = waiting.read.length + waiting.bulk.length
    if (waiting.write.length && (writesInARow < WRITES_BEFORE_A_READ || !lower)) {
      writesInARow++
      return waiting.write.shift()
    }
    writesInARow = 0
    // Reads are counted only while bulk reads wait.
    if (waiting.read.length && (readsInARow < READS_BEFORE_A_BULK || !waiting.bulk.length)) {
      readsInARow = waiting.bulk.length ? readsInARow + 1 : 0
      return waiting.read.shift()
    }
    readsInARow = 0
    return waiting.bulk.shift()
  }
  const next = () => {
    const job = choose()
    if (job === undefined) {
      busy = false
      return
    }
    run(job)
      .catch(() => {})
      .finally(() => setImmediate(next))
  }
  return {
    push(job, priority) {
      waiting[priority].push(job)
      if (busy) return
      busy = true
      setImmediate(next)
    },
  }
}
