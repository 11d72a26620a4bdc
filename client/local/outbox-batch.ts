// Sends queued icon creates together (outbox-rules.ts createBatch picks them): one
// POST /api/icons/create-many for up to MAX_BATCH entries. A refusal of the whole request (plan,
// role, project, workspace; or a server error, or no network) is decided for the batch as for one
// entry; otherwise each icon's result settles its entry: the stored icons are confirmed in one
// transaction, the refused ones rolled back (with what is built on them) and toasted once per
// message. An icon the answer does not mention stays queued and goes again (creates are idempotent).
// While a batch is on its way, the next one is read; once a batch is wholly accepted, the next one
// is sent while the accepted one is confirmed locally (they share no row, see createBatch).
import { api } from '../lib/api.ts'
import { db, type OutboxEntry } from './db.ts'
import { createBatch, decideFailure, MAX_BATCH } from './outbox-rules.ts'
import {
  attemptError,
  confirmEntries,
  onFailure,
  rollbackEntries,
  type SenderHooks,
} from './outbox-settle.ts'

const encoder = new TextEncoder()
/** The bytes an entry's body takes in the request (createBatch keeps a batch under the API's limit). */
export const bodyBytes = (entry: OutboxEntry) => encoder.encode(JSON.stringify(entry.body)).length

type Result = { id?: unknown; data?: unknown; status?: unknown; error?: unknown }

interface Outcome {
  confirmed: { entry: OutboxEntry; answer: unknown }[]
  /** Refused entries by the server's message. */
  refused: Map<string, { seqs: number[]; gone: boolean }>
  /** Entries the answer said nothing about (they go again). */
  unsettled: number
}

function sortResults(entries: readonly OutboxEntry[], results: unknown): Outcome {
  const list = Array.isArray(results) ? (results as (Result | null)[]) : []
  const outcome: Outcome = { confirmed: [], refused: new Map(), unsettled: 0 }
  entries.forEach((entry, i) => {
    const result = list[i]
    if (!result || typeof result !== 'object' || result.id !== entry.body.id) {
      outcome.unsettled++
    } else if (result.data !== undefined) {
      outcome.confirmed.push({ entry, answer: result.data })
    } else {
      const error = { status: Number(result.status) || 400, message: String(result.error ?? '') }
      const failure = decideFailure(entry.kind, error, entry.tries + 1)
      if (failure.kind !== 'rollback') outcome.unsettled++
      else {
        const group = outcome.refused.get(failure.message) ?? { seqs: [], gone: failure.gone }
        group.seqs.push(entry.seq!)
        outcome.refused.set(failure.message, group)
      }
    }
  })
  return outcome
}

/** The batch that follows `batch` in the queue (read while `batch` is on its way). */
async function nextBatch(batch: readonly OutboxEntry[]): Promise<OutboxEntry[]> {
  const after = await db.outbox.where(':id').above(batch.at(-1)!.seq!).limit(MAX_BATCH).toArray()
  return createBatch(after, bodyBytes)
}

function post(batch: readonly OutboxEntry[], signal: AbortSignal) {
  const request = api<{ data?: { results?: unknown } }>('/api/icons/create-many', {
    body: { icons: batch.map((e) => e.body) },
    signal,
  })
  request.catch(() => {}) // awaited below; handled here too in case a local step fails first
  return request
}

/**
 * Sends `first` (two or more icon creates from the head of the queue), and the batches after it:
 * the next batch is read while one is on its way, and sent as soon as that one is wholly accepted,
 * before it is confirmed locally (confirmations stay in queue order, one after another).
 */
export async function sendIconBatches(first: OutboxEntry[], signal: AbortSignal, hooks: SenderHooks) {
  let batch = first
  let request = post(batch, signal)
  let next = nextBatch(batch).catch(() => [] as OutboxEntry[])
  let confirming: Promise<void> = Promise.resolve()
  try {
    for (;;) {
      let results: unknown
      try {
        results = (await request)?.data?.results
      } catch (error) {
        await confirming
        if (signal.aborted) return
        return await onFailure(batch, attemptError(error), signal, hooks)
      }
      const outcome = sortResults(batch, results)
      if (!outcome.confirmed.length && !outcome.refused.size) {
        await confirming
        return await onFailure(
          batch,
          { status: 502, message: 'Unexpected answer from the server' },
          signal,
          hooks,
        )
      }
      const wholly = !outcome.refused.size && !outcome.unsettled
      const following = wholly && !signal.aborted ? await next : []
      if (following.length > 1) {
        // The server works on the next batch while this one is confirmed here.
        request = post(following, signal)
        next = nextBatch(following).catch(() => [] as OutboxEntry[])
      }
      await confirming
      confirming = confirmEntries(outcome.confirmed)
      for (const [message, { seqs, gone }] of outcome.refused) {
        await confirming
        confirming = rollbackEntries(seqs, message, gone)
      }
      if (following.length <= 1) return
      batch = following
    }
  } finally {
    await confirming
  }
}
