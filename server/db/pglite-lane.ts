// The database thread's queue (pglite-thread.ts, ADR 0307): one job at a time, urgent ones first.
// PGlite alone would queue every call on its mutex in arrival order, so live delivery's few small
// reads would wait behind every request queued before them; here they wait for the job in progress.

export type Lane<T> = { push(job: T, urgent: boolean): void }

/**
 * Runs `run` on one job at a time (the lane is free once its promise settles), urgent jobs first.
 * The next job starts on the next turn of the event loop (setImmediate), not at once: a job blocks
 * the thread (Postgres's WebAssembly runs synchronously), and the messages that arrived meanwhile
 * must be read and queued before the next is chosen, or jobs would run in arrival order regardless.
 */
export function lane<T>(run: (job: T) => Promise<unknown>): Lane<T> {
  const urgent: T[] = []
  const normal: T[] = []
  let busy = false // a job runs, or the choice of the next is scheduled
  const next = () => {
    const job = urgent.length ? urgent.shift() : normal.shift()
    if (job === undefined) {
      busy = false
      return
    }
    run(job)
      .catch(() => {})
      .finally(() => setImmediate(next))
  }
  return {
    push(job, isUrgent) {
      ;(isUrgent ? urgent : normal).push(job)
      if (busy) return
      busy = true
      setImmediate(next)
    },
  }
}
