// The server's search worker (search-worker.ts) and the queue in front of it: every search of
// GET /api/icons/search runs there, never on the event loop, and so does bringing a project's index to
// its icons after a change (the icons changed only, or all of them when it holds none). One worker (the indexes live in it: a second would hold them twice).
// Searches wait in a bounded queue served caller by caller in turn (a caller is one user; the SVG
// pool's fair queue), so one user's flood never holds back another's search; beyond the bounds the
// caller is answered 429 (too many of their own searches waiting) or 503 (all full, or waited too
// long), with Retry-After. A worker that dies or overruns the backstop deadline is ended; what it was
// doing is answered 503 and the next search starts a new one.
import { Worker } from 'node:worker_threads'
import { appMessages, searchMessages } from '../../common/messages.ts'
import type { SearchDoc, SearchHit } from '../../common/search/icon-search.ts'
import { ApiError } from '../domain/errors.ts'
import { FairQueue } from '../svg-pool/fair-queue.ts'
import type { FromWorker, Label, Stamp, ToWorker } from './protocol.ts'
import * as limits from './settings.ts'

export type SearchPoolOptions = Partial<
  Record<'MAX_QUEUED' | 'MAX_QUEUED_PER_CALLER' | 'MAX_WAIT_MS' | 'WALL_DEADLINE_MS', number>
>

export type SearchPool = {
  /**
   * The hits, best first; `held` when the worker has no index of the project at this stamp: the label
   * of the older one it keeps (bring it up to date with `change`), or null (`load` it).
   */
  search(stamp: Stamp, query: string, limit: number, caller: string): Promise<SearchHit[] | Stale>
  /** Sends the project's icons page by page, then has the worker bring its index to them. */
  load(label: Label, pages: AsyncIterable<SearchDoc[]>): Promise<number>
  /**
   * Applies the icons changed (`docs`) and gone since scope version `since` to the index kept; the
   * index's size, or null when the worker keeps none that they apply to (then `load` it).
   */
  change(label: Label, since: number, docs: SearchDoc[], gone: string[]): Promise<number | null>
  /** Searches waiting, whether one runs, workers started after one ended. */
  stats(): { queued: number; running: boolean; restarts: number }
  close(): Promise<void>
}

/** No index of the project at the stamp searched: the label of the one kept, if any. */
type Stale = { held: Label | null }
type Answer = SearchHit[] | number | Stale
type Pending = { resolve(answer: Answer): void; reject(error: unknown): void; deadline: NodeJS.Timeout }
type Task = {
  caller: string
  job: Omit<Extract<ToWorker, { kind: 'search' }>, 'id'>
  resolve(hits: SearchHit[] | Stale): void
  reject(error: unknown): void
  waiting: NodeJS.Timeout
}

const WORKER_URL = new URL('./search-worker.ts', import.meta.url)
const retry = { 'Retry-After': String(limits.RETRY_AFTER_SECONDS) }
export const searchBusy = () => new ApiError(503, searchMessages.busy, retry, 'busy')
const tooMany = () => new ApiError(429, appMessages.tooManyRequests, retry)

export function createSearchPool(options: SearchPoolOptions = {}): SearchPool {
  const { MAX_QUEUED, MAX_QUEUED_PER_CALLER, MAX_WAIT_MS, WALL_DEADLINE_MS } = {
    MAX_QUEUED: limits.MAX_QUEUED,
    MAX_QUEUED_PER_CALLER: limits.MAX_QUEUED_PER_CALLER,
    MAX_WAIT_MS: limits.MAX_WAIT_MS,
    WALL_DEADLINE_MS: limits.WALL_DEADLINE_MS,
    ...options,
  }
  const queue = new FairQueue<Task>()
  const pending = new Map<number, Pending>()
  let worker: Worker | null = null
  /** Which worker a load began with: its pages are lost if that one ends. */
  let generation = 0
  let running = false
  let restarts = 0
  let nextId = 1
  let closed = false

  function started(): Worker {
    if (worker) return worker
    const w = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: limits.WORKER_HEAP_MB } })
    w.unref()
    w.on('message', (message: FromWorker) => {
      const waiting = pending.get(message.id)
      if (!waiting) return
      pending.delete(message.id)
      clearTimeout(waiting.deadline)
      if ('hits' in message) waiting.resolve(message.hits)
      else if ('stale' in message) waiting.resolve({ held: message.held })
      else if ('indexed' in message) waiting.resolve(message.indexed)
      else waiting.reject(new Error(`Search failed in its worker: ${message.error}`))
    })
    w.on('error', () => {}) // its exit follows and answers what waited
    w.on('exit', () => {
      if (worker !== w) return
      worker = null
      generation++
      restarts++
      running = false
      for (const waiting of pending.values()) {
        clearTimeout(waiting.deadline)
        waiting.reject(searchBusy())
      }
      pending.clear()
      pump()
    })
    worker = w
    return w
  }

  /** Posts a request and waits for its answer, at most WALL_DEADLINE_MS (then the worker is ended). */
  function ask(message: ToWorker & { id: number }): Promise<Answer> {
    const w = started()
    return new Promise((resolve, reject) => {
      const deadline = setTimeout(() => void w.terminate(), WALL_DEADLINE_MS)
      deadline.unref()
      pending.set(message.id, { resolve, reject, deadline })
      w.postMessage(message)
    })
  }

  function pump() {
    if (closed || running) return
    const task = queue.shift()
    if (!task) return
    clearTimeout(task.waiting)
    running = true
    // The next search starts before this one's caller resumes: the queue's state is settled by then.
    const next = () => {
      running = false
      pump()
    }
    ask({ ...task.job, id: nextId++ }).then(
      (hits) => {
        next()
        task.resolve(hits as SearchHit[] | Stale)
      },
      (error) => {
        next()
        task.reject(error)
      },
    )
  }

  return {
    search(stamp, query, limit, caller) {
      if (closed || queue.size >= MAX_QUEUED) return Promise.reject(searchBusy())
      if (queue.sizeOf(caller) >= MAX_QUEUED_PER_CALLER) return Promise.reject(tooMany())
      return new Promise((resolve, reject) => {
        const task: Task = {
          caller,
          job: { kind: 'search', ...stamp, query, limit },
          resolve,
          reject,
          waiting: setTimeout(() => {
            if (queue.remove(caller, task)) reject(searchBusy())
          }, MAX_WAIT_MS),
        }
        task.waiting.unref()
        queue.push(caller, task)
        pump()
      })
    },
    async load(label, pages) {
      if (closed) throw searchBusy()
      started()
      const begun = generation
      let first = true
      for await (const docs of pages) {
        if (generation !== begun || !worker) throw searchBusy()
        worker.postMessage({ kind: 'docs', ...label, first, docs } satisfies ToWorker)
        first = false
      }
      if (generation !== begun || !worker) throw searchBusy()
      if (first) worker.postMessage({ kind: 'docs', ...label, first, docs: [] } satisfies ToWorker)
      return (await ask({ kind: 'index', ...label, id: nextId++ })) as number
    },
    async change(label, since, docs, gone) {
      if (closed) throw searchBusy()
      const answer = await ask({ kind: 'change', ...label, since, docs, gone, id: nextId++ })
      return typeof answer === 'number' ? answer : null
    },
    stats: () => ({ queued: queue.size, running, restarts }),
    async close() {
      closed = true
      for (const task of queue.drain()) {
        clearTimeout(task.waiting)
        task.reject(searchBusy())
      }
      await worker?.terminate()
    },
  }
}

let shared: SearchPool | null = null
/** The process's one search worker and queue, started with the first search. */
export const searchPool = (): SearchPool => {
  shared ??= createSearchPool()
  return shared
}
