// How many of an import's queued icons the server has confirmed: those of its outbox entries (by
// key) that are no longer queued. Reads keys only, over the range the import's entries span.
import { db } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

async function syncedCount(seqs: readonly number[]): Promise<number> {
  if (!seqs.length) return 0
  let min = seqs[0]!
  let max = seqs[0]!
  for (const seq of seqs) {
    if (seq < min) min = seq
    if (seq > max) max = seq
  }
  const queued = await db.outbox.where(':id').between(min, max, true, true).primaryKeys()
  const mine = new Set(seqs)
  let waiting = 0
  for (const seq of queued as number[]) if (mine.has(seq)) waiting++
  return seqs.length - waiting
}

/** Live: confirmed (or settled) icons among `seqs`. */
export const useSynced = (seqs: readonly number[]) => useLiveQuery(() => syncedCount(seqs), [seqs]) ?? 0
