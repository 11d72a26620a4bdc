// The server's side of the embedded database when it runs in its own thread (pglite-thread.ts): the
// part of PGlite's client that drizzle-orm/pglite and the store use — query (with drizzle's row
// mode and text-read types), transaction, listen, dumpDataDir, close — as messages. ADR 0304.
// `urgent()` is the same database for live delivery's reads: the thread serves them first (ADR 0307).
import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import type { Logger } from '../log/log.ts'
import { retryWithBackoff } from './backoff.ts'
import { type FromDb, fromErrorData, type ToDb } from './pglite-protocol.ts'
import { queryPriority } from './query-priority.ts'

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> }
type Job = ToDb extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never
type Queryable = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> }

const THREAD_URL = new URL('./pglite-thread.ts', import.meta.url)

type Listener = { onPayload(payload: string): void; onResume?: () => void }

/** Starts the database thread on a PGlite data folder; resolves once the database is open. */
async function startThread(dataDir: string): Promise<Worker> {
  const worker = new Worker(THREAD_URL, {
    workerData: { dataDir },
    // Its young generation would grow to 2 × 64 MB copying large results; 32 MB is plenty.
    resourceLimits: { maxYoungGenerationSizeMb: 32 },
  })
  // biome-ignore lint/suspicious/noExplicitAny: one map for the three events' listeners
  const listeners: Record<string, (arg: any) => void> = {}
  try {
    await new Promise<void>((resolve, reject) => {
      listeners.message = (message: FromDb) => {
        if ('ready' in message) resolve()
        else if ('failed' in message) reject(fromErrorData(message.failed))
      }
      listeners.error = reject
      listeners.exit = (code: number) => reject(new Error(`The database thread exited (${code})`))
      for (const [event, listener] of Object.entries(listeners)) worker.on(event, listener)
    })
  } catch (err) {
    await worker.terminate()
    throw err
  } finally {
    for (const [event, listener] of Object.entries(listeners)) worker.off(event, listener)
  }
  return worker
}

export class PgliteRemote implements Queryable {
  readonly #dataDir: string
  readonly #logger: Logger
  #worker: Worker
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>()
  readonly #listeners = new Map<string, Set<Listener>>()
  #nextId = 1
  #stopped: Error | null = null
  #closing = false
  #lastAnswer = 0
  #lastLoss = 0

  private constructor(dataDir: string, worker: Worker, logger: Logger) {
    this.#dataDir = dataDir
    this.#logger = logger
    this.#worker = worker
    this.#attach(worker)
  }

  #attach(worker: Worker) {
    worker.on('message', (message: FromDb) => {
      if ('notification' in message) {
        for (const l of this.#listeners.get(message.notification) ?? []) l.onPayload(message.payload)
      } else if ('id' in message) {
        this.#lastAnswer = Date.now()
        const call = this.#pending.get(message.id)
        this.#pending.delete(message.id)
        if ('error' in message) call?.reject(fromErrorData(message.error))
        else call?.resolve(message.ok)
      }
    })
    // A crash fails what is waiting and every call until the thread is back (08006: a connection
    // failure, so the app answers 503, ADR 0306); unless closing, a new thread starts with backoff.
    const stop = (reason: string) => {
      if (worker !== this.#worker || this.#stopped) return
      this.#stopped = Object.assign(new Error(reason), { code: '08006' })
      this.#lastLoss = Date.now()
      for (const call of this.#pending.values()) call.reject(this.#stopped)
      this.#pending.clear()
      if (!this.#closing) void this.#restart()
    }
    worker.on('error', (err) => stop(`The database thread failed: ${err.message}`))
    worker.on('exit', () => stop('The database thread has stopped'))
  }

  /** Starts a new thread on the same folder, LISTENs again and tells the listeners (notes were missed). */
  async #restart() {
    const worker = await retryWithBackoff(() => startThread(this.#dataDir), {
      stopped: () => this.#closing,
      failed: (err) => {
        this.#lastLoss = Date.now()
        this.#logger.error(
          { err: err instanceof Error ? err.message : String(err) },
          'the database thread did not restart',
        )
      },
    })
    if (!worker) return
    if (this.#closing) return void worker.terminate()
    this.#worker = worker
    this.#attach(worker)
    this.#stopped = null
    for (const channel of this.#listeners.keys()) await this.#call({ op: 'listen', channel }).catch(() => {}) // a new crash starts over
    if (worker !== this.#worker || this.#stopped) return // crashed again: the next restart resumes
    for (const set of [...this.#listeners.values()]) for (const l of [...set]) l.onResume?.()
  }

  /** Starts the thread on a PGlite data folder; resolves once the database is open. */
  static async open(dataDir: string, logger: Logger): Promise<PgliteRemote> {
    return new PgliteRemote(dataDir, await startThread(dataDir), logger)
  }

  /** Ends the thread as a crash would (tests and drills): calls fail until it has restarted. */
  async terminateThread(): Promise<void> {
    await this.#worker.terminate()
  }

  #call(job: Job, urgent = false): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    const priority = urgent ? 'urgent' : queryPriority()
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage(priority === 'read' ? { ...job, id } : { ...job, id, priority })
    })
  }

  #query(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
    urgent = false,
  ) {
    const asText = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined
    return this.#call({ op: 'query', sql, params, rowMode: options?.rowMode, asText, tx }, urgent)
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    return this.#query(sql, params, options)
  }

  /** Runs `fn` in one transaction holding the database's one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.#transaction(fn, false)
  }

  /**
   * The same database, its queries and transactions served before the ordinary calls waiting (they
   * wait only for the one in progress): live delivery's reads (Store.deliveryDb, ADR 0307).
   */
  urgent(): PGlite {
    const view = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#query(sql, params, options, undefined, true),
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => this.#transaction(fn, true),
    }
    return view as unknown as PGlite
  }

  async #transaction<T>(fn: (tx: Queryable) => Promise<T>, urgent: boolean): Promise<T> {
    const tx = (await this.#call({ op: 'begin' }, urgent)) as number
    let result: T
    try {
      result = await fn({ query: (sql, params, options) => this.#query(sql, params, options, tx) })
    } catch (err) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {})
      throw err
    }
    await this.#call({ op: 'end', tx, commit: true })
    return result
  }

  /** `onResume` is called once a restarted thread LISTENs again (notes sent meanwhile were missed). */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set()
    this.#listeners.set(channel, listeners)
    const listener = { onPayload, onResume }
    listeners.add(listener)
    if (listeners.size === 1) await this.#call({ op: 'listen', channel })
    return async () => {
      listeners.delete(listener)
      if (listeners.size === 0 && !this.#stopped) await this.#call({ op: 'unlisten', channel })
    }
  }

  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump' })) as ArrayBuffer
    return new Blob([bytes], { type: 'application/x-gzip' })
  }

  async close(): Promise<void> {
    this.#closing = true
    if (this.#stopped) return
    await this.#call({ op: 'close' })
    await this.#worker.terminate()
  }

  /** When the thread last answered a call (ms since the epoch; 0 before the first): health's evidence. */
  get lastAnswer(): number {
    return this.#lastAnswer
  }

  /** When the thread last died or failed to restart (0 if never): health's evidence against. */
  get lastLoss(): number {
    return this.#lastLoss
  }

  /** What drizzle-orm/pglite is given: it calls query and transaction only. */
  asPglite(): PGlite {
    return this as unknown as PGlite
  }
}
