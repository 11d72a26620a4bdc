// The server's side of the embedded database when it runs in its own thread (pglite-thread.ts): the
// part of PGlite's client that drizzle-orm/pglite and the store use — query (with drizzle's row
// mode and text-read types), transaction, listen, dumpDataDir, close — as messages. ADR 0304.
import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { type FromDb, fromErrorData, type ToDb } from './pglite-protocol.ts'

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> }
type Job = ToDb extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never
type Queryable = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> }

const THREAD_URL = new URL('./pglite-thread.ts', import.meta.url)

export class PgliteRemote implements Queryable {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>()
  readonly #listeners = new Map<string, Set<(payload: string) => void>>()
  #nextId = 1
  #stopped: Error | null = null
  #lastAnswer = 0

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (message: FromDb) => {
      if ('notification' in message) {
        for (const listener of this.#listeners.get(message.notification) ?? []) listener(message.payload)
      } else if ('id' in message) {
        this.#lastAnswer = Date.now()
        const call = this.#pending.get(message.id)
        this.#pending.delete(message.id)
        if ('error' in message) call?.reject(fromErrorData(message.error))
        else call?.resolve(message.ok)
      }
    })
    const stop = (err: Error) => {
      this.#stopped ??= err
      for (const call of this.#pending.values()) call.reject(this.#stopped)
      this.#pending.clear()
    }
    worker.on('error', (err) => stop(new Error(`The database thread failed: ${err.message}`)))
    worker.on('exit', () => stop(new Error('The database thread has stopped')))
  }

  /** Starts the thread on a PGlite data folder; resolves once the database is open. */
  static async open(dataDir: string): Promise<PgliteRemote> {
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
    return new PgliteRemote(worker)
  }

  #call(job: Job): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage({ ...job, id })
    })
  }

  #query(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    const asText = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined
    return this.#call({ op: 'query', sql, params, rowMode: options?.rowMode, asText, tx })
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    return this.#query(sql, params, options)
  }

  /** Runs `fn` in one transaction holding the database's one connection; rolls back if it throws. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number
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

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set()
    this.#listeners.set(channel, listeners)
    listeners.add(onPayload)
    if (listeners.size === 1) await this.#call({ op: 'listen', channel })
    return async () => {
      listeners.delete(onPayload)
      if (listeners.size === 0 && !this.#stopped) await this.#call({ op: 'unlisten', channel })
    }
  }

  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump' })) as ArrayBuffer
    return new Blob([bytes], { type: 'application/x-gzip' })
  }

  async close(): Promise<void> {
    if (this.#stopped) return
    await this.#call({ op: 'close' })
    await this.#worker.terminate()
  }

  /** When the thread last answered a call (ms since the epoch; 0 before the first): health's evidence. */
  get lastAnswer(): number {
    return this.#lastAnswer
  }

  /** What drizzle-orm/pglite is given: it calls query and transaction only. */
  asPglite(): PGlite {
    return this as unknown as PGlite
  }
}
