// The database thread's queue (pglite-thread.ts, ADR 0307, 0417): one job at a time, by priority.
// PGlite alone would queue every call on its mutex in arrival order, so live delivery's few small
// reads, and a create's twenty-odd calls one after another, would each wait behind every read
// queued before them; here they wait for the job in progress.
import { PriorityLine } from './priority-line.ts'
import type { QueryPriority } from './query-priority.ts'

export type JobQueue<T> = { push(job: T, priority: QueryPriority): void }

/**
 * Runs `run` on one job at a time (the queue moves on once its promise settles), in the order of
 * priority-line.ts. The next job starts on the next turn of the event loop (setImmediate), not at
 * once: a job blocks the thread (Postgres's WebAssembly runs synchronously), and the messages that
 * arrived meanwhile must be read and queued before the next is chosen, or jobs would run in arrival
 * order regardless.
 */
export function jobQueue<T>(run: (job: T) => Promise<unknown>): JobQueue<T> {
  const line = new PriorityLine<T>()
  let busy = false // a job runs, or the choice of the next is scheduled
  const next = () => {
    const job = line.next()
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
      line.push(job, priority)
      if (busy) return
      busy = true
      setImmediate(next)
    },
  }
}
