// Creates that wait for the same scopes are written together (ADR 0420): a create's transaction holds
// its scopes' version rows (and, on PGlite, the one database thread) for about fifteen statements,
// so creates of one workspace run one after another however many arrive, and under a flood each
// waits behind all those before it. Here, while one write of some scopes runs, the creates that
// arrive for the same scopes wait in this process and then go in one transaction together: the
// scopes bumped once, one insert, one set of notes, each create's rows and notes still its own. Idle,
// a create goes at once (a batch of one). A batch that fails is written again one create at a time,
// so each gets the answer it would have had alone (a quota passed refuses only the create that
// passes it). Creates naming the same icon id never share a batch.

/** One create's part of a batch: its icons' ids and how many. */
type Part = { key: string; ids: readonly string[] }

type Waiting<P, R> = { part: P; resolve: (result: R) => void; reject: (error: unknown) => void }

/** At most this many icons in one batch (a create-many of 500 goes alone). */
export const MAX_BATCH_ICONS = 500

/**
 * `write(parts)` writes the parts in one transaction and answers one result per part, in order.
 * Returns what a caller awaits for its own part; parts of one `key` (their scopes) are batched.
 */
export function batchedWrites<P extends Part, R>(write: (parts: P[]) => Promise<R[]>) {
  const running = new Set<string>()
  const queues = new Map<string, Waiting<P, R>[]>()

  const take = (key: string): Waiting<P, R>[] => {
    const queue = queues.get(key) ?? []
    const batch: Waiting<P, R>[] = []
    const ids = new Set<string>()
    let icons = 0
    for (const waiting of [...queue]) {
      const { part } = waiting
      if (batch.length && icons + part.ids.length > MAX_BATCH_ICONS) break
      if (part.ids.some((id) => ids.has(id))) continue
      for (const id of part.ids) ids.add(id)
      icons += part.ids.length
      batch.push(waiting)
      queue.splice(queue.indexOf(waiting), 1)
    }
    if (!queue.length) queues.delete(key)
    return batch
  }

  const runBatch = async (batch: Waiting<P, R>[]) => {
    try {
      const results = await write(batch.map((w) => w.part))
      for (const [i, w] of batch.entries()) w.resolve(results[i]!)
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error)
      // Each alone, in order: the answer each would have had without the others.
      else
        for (const w of batch)
          await write([w.part]).then(
            ([result]) => w.resolve(result!),
            (err) => w.reject(err),
          )
    }
  }

  const drain = async (key: string) => {
    running.add(key)
    try {
      for (let batch = take(key); batch.length; batch = take(key)) await runBatch(batch)
    } finally {
      running.delete(key)
    }
  }

  return {
    /** Writes `part`, alone or with others of its key; answers its own result. */
    write: (part: P): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        const queue = queues.get(part.key) ?? []
        queue.push({ part, resolve, reject })
        queues.set(part.key, queue)
        if (!running.has(part.key)) void drain(part.key)
      }),
    /** Parts waiting for the write in progress of their key (tests wait for them). */
    waiting: () => [...queues.values()].reduce((n, queue) => n + queue.length, 0),
  }
}
