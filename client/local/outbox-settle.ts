// What the sender (outbox.ts) does with the outcome of a request, for one queued entry or a batch
// of them: confirm (one transaction for them all: drop the entries, settle their rows by apply.ts),
// retry later, wait for the network, or roll back with the entries built on them and toast, as
// outbox-rules.ts decides. An answer that says the change replaced a version it had not seen
// (`conflict`, icons/update) is told to the tab that made it (conflict-notice.ts, ADR 0408).
import { ApiError } from '../lib/api.ts'
import { retryAfterSeconds } from '../lib/retry.ts'
import { type Settle, settleRows } from './apply.ts'
import { conflictNotice } from './conflict-notice.ts'
import { type AnyRow, db, type OutboxEntry, rowTable, rwTransaction } from './db.ts'
import { localOwner } from './local-owner.ts'
import {
  type AttemptError,
  decideFailure,
  dependentEntries,
  failureToasts,
  primaryRow,
  resultTable,
  undoSteps,
} from './outbox-rules.ts'
import { toastInTab } from './tabs.ts'

export interface SenderHooks {
  /** Resolves when the sender may go on after the network failed (online again, or a while later). */
  waitForNetwork(signal: AbortSignal): Promise<void>
}

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

export function attemptError(error: unknown): AttemptError {
  if (error instanceof ApiError) {
    return { status: error.status, message: error.message, retryAfter: retryAfterSeconds(error.headers) }
  }
  if (error instanceof SyntaxError) return { status: 502, message: error.message } // an answer that is not JSON
  return { message: error instanceof Error ? error.message : String(error) }
}

const isRow = (answer: unknown): answer is AnyRow =>
  !!answer && typeof answer === 'object' && 'id' in answer && typeof answer.id === 'string'

/** Confirms entries (as read from the queue) by their answers (the row answered, or nothing), in one transaction. */
export async function confirmEntries(items: readonly { entry: OutboxEntry; answer: unknown }[]) {
  if (!items.length) return
  const stored = await rwTransaction(async () => {
    const seqs = items.map((i) => i.entry.seq!)
    // Keys only: an entry dropped meanwhile (access revoked) is left alone.
    const present = new Set(await db.outbox.where(':id').anyOf(seqs).primaryKeys())
    const settle: Settle[] = []
    for (const { entry, answer } of items) {
      if (!present.has(entry.seq!)) continue
      const table = resultTable(entry.kind)
      const primary = primaryRow(entry.kind, entry.body)
      const row = table && isRow(answer) ? answer : undefined
      // A change of many rows (icons/move) answers them all: each settles by its own.
      const rows = Array.isArray(answer) ? new Map(answer.filter(isRow).map((r) => [r.id, r])) : null
      for (const s of entry.before) {
        const own = s.table === primary.table && s.id === primary.id
        const answered = rows ? rows.get(s.id) : own && row ? row : table ? undefined : null
        settle.push({ table: s.table, id: s.id, answer: answered })
      }
    }
    await db.outbox.bulkDelete([...present])
    return settleRows(settle)
  })
  for (const rows of stored) rows.announce()
}

/**
 * Confirms one entry sent alone by the server's answer (`{ data, conflict? }`), then tells the tab
 * that made it when the answer says it replaced someone else's version meanwhile.
 */
export async function confirmAnswer(
  entry: OutboxEntry,
  answer: { data?: unknown; conflict?: unknown } | null,
) {
  await confirmEntries([{ entry, answer: answer?.data }])
  const notice = conflictNotice(entry, answer?.conflict, localOwner())
  if (notice) await toastInTab(entry.tab, [notice.text], 'info', notice.command)
}

/**
 * Rolls back the failed entries and every entry built on them (newest first), and toasts the
 * flow's failure once per tab that made them. `gone` (404): their rows are gone on the server too.
 */
export async function rollbackEntries(seqs: readonly number[], serverMessage: string, gone: boolean) {
  const failed = await rwTransaction(async () => {
    const queue = await db.outbox.orderBy('seq').toArray()
    const roots = new Set(seqs)
    const entries = dependentEntries(queue, roots)
    if (!entries.length) return []
    for (const step of undoSteps(entries)) {
      if (step.row) await rowTable(step.table).put(step.row)
      else await rowTable(step.table).delete(step.id)
    }
    await db.outbox.bulkDelete(entries.map((e) => e.seq!))
    const failed = entries.filter((e) => roots.has(e.seq!))
    // Gone on the server (404): do not bring back what is no longer there.
    if (gone) {
      for (const entry of failed) {
        const { table, id } = primaryRow(entry.kind, entry.body)
        await rowTable(table).delete(id)
      }
    }
    await settleRows(
      entries.flatMap((e) => e.before.map((s) => ({ table: s.table, id: s.id, answer: undefined }))),
    )
    return failed
  })
  const toasts = new Map<string, OutboxEntry>()
  for (const entry of failed) toasts.set(`${entry.tab}\n${entry.kind}`, entry)
  for (const entry of toasts.values()) await toastInTab(entry.tab, failureToasts(entry.kind, serverMessage))
}

/** What a failed attempt at these entries (sent together, tried as often) leads to. */
export async function onFailure(
  entries: readonly OutboxEntry[],
  error: AttemptError,
  signal: AbortSignal,
  hooks: SenderHooks,
): Promise<void> {
  const tries = Math.max(...entries.map((e) => e.tries)) + 1
  const seqs = entries.map((e) => e.seq!)
  const failure = decideFailure(entries[0]!.kind, error, tries, navigator.onLine)
  switch (failure.kind) {
    case 'offline':
      return hooks.waitForNetwork(signal)
    case 'signed-out':
      return sleep(30_000, signal)
    case 'done':
      return confirmEntries(entries.map((entry) => ({ entry, answer: undefined })))
    case 'retry':
      await db.outbox.where('seq').anyOf(seqs).modify({ tries })
      return sleep(failure.delayMs, signal)
    case 'rollback':
      return rollbackEntries(seqs, failure.message, failure.gone)
  }
}
