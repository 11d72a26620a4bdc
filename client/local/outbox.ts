// The outbox: every change is written to the local database first and queued here in the same
// transaction (queueChange). The tab that leads syncing (engine.ts) sends the queue in order, and
// only that tab (a Web Lock), so no entry goes out twice: one entry at a time, except consecutive
// icon creates into one project, which go together (outbox-batch.ts). An answer settles the rows
// (outbox-settle.ts, apply.ts); a failure is decided by outbox-rules.ts: offline waits for the
// network without counting a try, a server error retries (3 tries, 1 s doubling, capped at 30 s),
// a refusal or exhausted retries roll the change back, with the entries built on it, and toast.
// Entries live in IndexedDB, so they survive reloads and resume when the browser is online.
import { api } from '../lib/api.ts'
import {
  type AnyRow,
  type ChangeKind,
  db,
  type RowSnapshot,
  type RowTable,
  rowTable,
  rwTransaction,
} from './db.ts'
import { bodyBytes, sendIconBatches } from './outbox-batch.ts'
import { createBatch, MAX_BATCH, successToast } from './outbox-rules.ts'
import { attemptError, confirmAnswer, onFailure, type SenderHooks, sleep } from './outbox-settle.ts'
import { TAB_ID, toastInTab } from './tabs.ts'

export type { SenderHooks } from './outbox-settle.ts'

/** Records a queued change's local writes, snapshotting each row before its first write. */
export class ChangeWriter {
  readonly before: RowSnapshot[] = []
  private readonly seen = new Set<string>()

  private async snapshot(table: RowTable, id: string) {
    const k = `${table}:${id}`
    if (this.seen.has(k)) return
    this.seen.add(k)
    this.before.push({ table, id, row: ((await rowTable(table).get(id)) as AnyRow | undefined) ?? null })
  }

  get<T extends AnyRow>(table: RowTable, id: string): Promise<T | undefined> {
    return rowTable(table).get(id) as Promise<T | undefined>
  }

  async put(table: RowTable, row: AnyRow) {
    await this.snapshot(table, row.id)
    await rowTable(table).put(row)
  }

  async delete(table: RowTable, id: string) {
    await this.snapshot(table, id)
    await rowTable(table).delete(id)
  }

  /** Deletes every row of `table` whose indexed `field` equals `value`. */
  async deleteWhere(table: RowTable, field: string, value: string) {
    const rows = (await rowTable(table).where(field).equals(value).toArray()) as AnyRow[]
    for (const row of rows) await this.delete(table, row.id)
  }
}

const wakers = new Set<() => void>()
/** Wakes the sender (engine.ts also wakes it when another tab queues something). */
export function wakeOutbox() {
  for (const wake of wakers) wake()
}

/**
 * Applies a change locally and queues it, in one transaction: either both happen or neither.
 * `write` makes the local change through the writer (which keeps what a rollback restores).
 */
export async function queueChange(
  kind: ChangeKind,
  body: Record<string, unknown>,
  workspaceId: string | null,
  write: (w: ChangeWriter) => Promise<void>,
): Promise<void> {
  await queueBuiltChange(kind, workspaceId, async (w) => {
    await write(w)
    return body
  })
}

/**
 * queueChange for a change built from the local rows as they are inside the transaction (a tag
 * added right after another builds on it, whatever the view last showed): `build` writes through
 * the writer and answers the body to queue, or null to queue nothing. Answers whether it queued.
 */
export async function queueBuiltChange(
  kind: ChangeKind,
  workspaceId: string | null,
  build: (w: ChangeWriter) => Promise<Record<string, unknown> | null>,
): Promise<boolean> {
  const queued = await rwTransaction(async () => {
    const writer = new ChangeWriter()
    const body = await build(writer)
    if (!body) return false
    await db.outbox.add({
      createdAt: Date.now(),
      kind,
      body,
      workspace_id: workspaceId,
      before: writer.before,
      tries: 0,
      tab: TAB_ID,
    })
    return true
  })
  if (queued) wakeOutbox()
  return queued
}

/** A wake-up armed before looking at the queue, so a change queued meanwhile is not missed. */
function armWake(signal: AbortSignal, timeoutMs: number) {
  let wake = () => {}
  const promise = new Promise<void>((resolve) => {
    const timer = setTimeout(() => wake(), timeoutMs)
    wake = () => {
      clearTimeout(timer)
      wakers.delete(wake)
      signal.removeEventListener('abort', wake)
      resolve()
    }
    wakers.add(wake)
    signal.addEventListener('abort', wake)
  })
  return { promise, cancel: () => wake() }
}

/** Sends the queue until `signal` aborts. Only the leading tab runs this. */
export async function runSender(signal: AbortSignal, hooks: SenderHooks) {
  while (!signal.aborted) {
    try {
      await sendNext(signal, hooks)
    } catch (error) {
      // The database went away (sign-out) or could not be read: stop, or look again shortly.
      if (signal.aborted) return
      console.error('The outbox could not send', error)
      await sleep(1000, signal)
    }
  }
}

async function sendNext(signal: AbortSignal, hooks: SenderHooks) {
  // Other tabs wake the sender through engine.ts; the timeout is a safety net.
  const waiting = armWake(signal, 30_000)
  const entry = await db.outbox.orderBy('seq').first()
  if (!entry) return waiting.promise
  waiting.cancel()
  if (!navigator.onLine) return hooks.waitForNetwork(signal)
  if (entry.kind === 'icons/create') {
    const batch = createBatch(await db.outbox.orderBy('seq').limit(MAX_BATCH).toArray(), bodyBytes)
    if (batch.length > 1) return sendIconBatches(batch, signal, hooks)
  }
  let answer: { data?: unknown } | null
  try {
    answer = await api<{ data?: unknown }>(`/api/${entry.kind}`, { body: entry.body, signal })
  } catch (error) {
    if (signal.aborted) return
    return onFailure([entry], attemptError(error), signal, hooks)
  }
  await confirmAnswer(entry, answer)
  const toastText = successToast(entry.kind)
  if (toastText) await toastInTab(entry.tab, [toastText], 'success')
}
