// The outbox: every change is written to the local database first and queued here in the same
// transaction (queueChange). The tab that leads syncing (engine.ts) sends the queue in order, one
// entry at a time, and only that tab (a Web Lock), so no entry goes out twice. An answer settles
// the rows (apply.ts); a failure is decided by outbox-rules.ts: offline waits for the network
// without counting a try, a server error retries (3 tries, 1 s doubling, capped at 30 s), a
// refusal or exhausted retries roll the change back, with the entries built on it, and toast.
// Entries live in IndexedDB, so they survive reloads and resume when the browser is online.
import { ApiError, api } from '../lib/api.ts'
import { settleRow } from './apply.ts'
import {
  type AnyRow,
  type ChangeKind,
  db,
  ROW_TABLES,
  type RowSnapshot,
  type RowTable,
  rowTable,
} from './db.ts'
import {
  type AttemptError,
  decideFailure,
  dependentEntries,
  failureToasts,
  primaryRow,
  resultTable,
  successToast,
  undoSteps,
} from './outbox-rules.ts'
import { TAB_ID, toastInTab } from './tabs.ts'

const rwTables = () => [db.outbox, ...ROW_TABLES.map((t) => db.table(t))]

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
  await db.transaction('rw', rwTables(), async () => {
    const writer = new ChangeWriter()
    await write(writer)
    await db.outbox.add({
      createdAt: Date.now(),
      kind,
      body,
      workspace_id: workspaceId,
      before: writer.before,
      tries: 0,
      tab: TAB_ID,
    })
  })
  wakeOutbox()
}

function attemptError(error: unknown): AttemptError {
  if (error instanceof ApiError) {
    const header = error.headers.get('retry-after') ?? error.headers.get('x-retry-after')
    const retryAfter = header ? Number(header) : undefined
    return {
      status: error.status,
      message: error.message,
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    }
  }
  if (error instanceof SyntaxError) return { status: 502, message: error.message } // an answer that is not JSON
  return { message: error instanceof Error ? error.message : String(error) }
}

async function confirm(seq: number, answer: unknown) {
  await db.transaction('rw', rwTables(), async () => {
    const entry = await db.outbox.get(seq)
    if (!entry) return // dropped meanwhile (access revoked)
    await db.outbox.delete(seq)
    const table = resultTable(entry.kind)
    const primary = primaryRow(entry.kind, entry.body)
    const row =
      table && answer && typeof answer === 'object' && 'id' in answer ? (answer as AnyRow) : undefined
    const isDelete = !table
    for (const s of entry.before) {
      const own = s.table === primary.table && s.id === primary.id
      await settleRow(s.table, s.id, own && row ? row : isDelete ? null : undefined)
    }
  })
}

async function rollback(seq: number, serverMessage: string, gone: boolean) {
  const rolledBack = await db.transaction('rw', rwTables(), async () => {
    const queue = await db.outbox.orderBy('seq').toArray()
    const entries = dependentEntries(queue, seq)
    if (!entries.length) return null
    for (const step of undoSteps(entries)) {
      if (step.row) await rowTable(step.table).put(step.row)
      else await rowTable(step.table).delete(step.id)
    }
    await db.outbox.bulkDelete(entries.map((e) => e.seq!))
    const failed = entries[0]!
    // Gone on the server (404): do not bring back what is no longer there.
    if (gone) {
      const { table, id } = primaryRow(failed.kind, failed.body)
      await rowTable(table).delete(id)
    }
    for (const entry of entries) for (const s of entry.before) await settleRow(s.table, s.id, undefined)
    return failed
  })
  if (rolledBack) await toastInTab(rolledBack.tab, failureToasts(rolledBack.kind, serverMessage))
}

export interface SenderHooks {
  /** Resolves when the sender may go on after the network failed (online again, or a while later). */
  waitForNetwork(signal: AbortSignal): Promise<void>
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

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
  let answer: { data?: unknown } | null
  try {
    answer = await api<{ data?: unknown }>(`/api/${entry.kind}`, { body: entry.body, signal })
  } catch (error) {
    if (signal.aborted) return
    const tries = entry.tries + 1
    const failure = decideFailure(entry.kind, attemptError(error), tries, navigator.onLine)
    switch (failure.kind) {
      case 'offline':
        return hooks.waitForNetwork(signal)
      case 'signed-out':
        return sleep(30_000, signal)
      case 'done':
        return confirm(entry.seq!, undefined)
      case 'retry':
        await db.outbox.update(entry.seq!, { tries })
        return sleep(failure.delayMs, signal)
      case 'rollback':
        return rollback(entry.seq!, failure.message, failure.gone)
    }
  }
  await confirm(entry.seq!, answer?.data)
  const toastText = successToast(entry.kind)
  if (toastText) await toastInTab(entry.tab, [toastText], 'success')
}
