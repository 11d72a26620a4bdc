// Hands processed files to the store (import-svgs.ts) in the order they were dropped, one store at a
// time: what arrives while a store runs waits for the next one, so a busy database gets fewer, larger
// transactions instead of a growing line of them, and the outbox queues the files (and the server
// dates them) in the order of the drop whichever worker finished first.
import type { WorkResult } from './process-file.ts'

export interface StoreQueueOptions {
  /** A store starts once this many results wait… */
  every: number
  /** …or once this long has passed since the last one started (ms)… */
  atLeastMs: number
  /** …and takes at most this many, so that the progress moves on while the database is busy. */
  atMost: number
}

export function storeQueue(onBatch: (results: WorkResult[]) => Promise<void>, options: StoreQueueOptions) {
  const early = new Map<number, WorkResult>() // arrived before an earlier key
  let nextKey = 0
  const buffer: WorkResult[] = []
  let running: Promise<void> | null = null
  let failed: { error: unknown } | null = null
  let storedAt = performance.now()
  const due = () => buffer.length >= options.every || performance.now() - storedAt > options.atLeastMs
  const pump = () => {
    if (running || failed || !buffer.length) return
    const batch = buffer.splice(0, options.atMost)
    storedAt = performance.now()
    running = onBatch(batch)
      .catch((error: unknown) => {
        failed = { error }
      })
      .finally(() => {
        running = null
        if (due()) pump()
      })
  }
  return {
    /** Results of inputs numbered from 0 (`key`), in any order. */
    add(results: readonly WorkResult[]) {
      for (const result of results) early.set(result.key, result)
      for (let next = early.get(nextKey); next; next = early.get(nextKey)) {
        early.delete(nextKey++)
        buffer.push(next)
      }
      if (due()) pump()
    },
    /** Stores what is left (after an abort, what arrived, in order); throws what a store threw. */
    async flush() {
      buffer.push(...[...early.values()].sort((a, b) => a.key - b.key))
      early.clear()
      while (!failed && (running || buffer.length)) {
        pump()
        await running
      }
      if (failed) throw failed.error
    },
  }
}
