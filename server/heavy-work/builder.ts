// Runs heavy jobs (exports, fonts, releases) in worker threads (worker.ts) with a heap limit and a deadline, reused while work
// comes: a worker that finished waits `idleMs` for the next job, then ends, so the memory a big build
// took (V8's heap) goes back to the
// system. A build that runs out of its heap or past its CPU deadline is refused with 413 and its
// worker terminated; the process lives on. Callers pass the heavy-work gate (gate.ts) first, so at
// most that many builds run at once (ADR 0310).
import { Worker } from 'node:worker_threads'
import type { ExportResult } from '../../common/exports/export-kinds.ts'
import { messages } from '../../common/messages.ts'
import { ApiError } from '../domain/errors.ts'
import type { FromWorker, HeavyJob, ToWorker } from './protocol.ts'

/** 413 for a build that needs more memory than a worker may take. */
const EXPORT_TOO_LARGE =
  'This export needs more memory than the server allows for one export. Export fewer icons at a time, or ask the administrator to raise HEAVY_WORK_HEAP_MB.'
/** 413 for a build that takes more CPU time than one export may. */
const EXPORT_TOO_SLOW =
  'This export takes longer to build than the server allows for one export. Export fewer icons at a time.'

export type HeavyBuilderOptions = {
  /** Old-generation heap of each worker (MB). */
  heapMb: number
  /** CPU time one build may take. */
  cpuDeadlineMs: number
  /** Wall-time backstop, for a worker starved of CPU (answered 503, retry later). */
  wallDeadlineMs: number
  /** How long a finished worker waits for the next build before it ends. */
  idleMs: number
}

/** A job started on a worker (open). */
type HeavyRun = {
  /** Sends the job more: a page of its icons, the end of its pages, credit, a cancel. */
  post(message: DistributiveOmit<ToWorker, 'id'>, transfer?: ArrayBuffer[]): void
  ended: Promise<void>
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

export type HeavyBuilder = {
  open(job: HeavyJob, on: (message: FromWorker) => void): HeavyRun
  build(job: HeavyJob): Promise<ExportResult>
  close(): Promise<void>
  /** Workers alive now (tests, stats). */
  workers(): number
}

type Slot = { worker: Worker; idle?: NodeJS.Timeout; crash?: Error }

const WORKER_URL = new URL('./worker.ts', import.meta.url)
/** How often a building worker's CPU time is read against the deadline. */
const CHECK_MS = 500

export function createHeavyBuilder(opts: HeavyBuilderOptions): HeavyBuilder {
  const idle: Slot[] = []
  const alive = new Set<Slot>()
  let nextId = 1
  let closed = false

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb, maxYoungGenerationSizeMb: 32 },
    })
    worker.unref()
    const slot: Slot = { worker }
    worker.on('error', (error) => {
      slot.crash = error
    })
    alive.add(slot)
    return slot
  }

  const end = (slot: Slot) => {
    clearTimeout(slot.idle)
    alive.delete(slot)
    const at = idle.indexOf(slot)
    if (at >= 0) idle.splice(at, 1)
    void slot.worker.terminate()
  }

  const rest = (slot: Slot) => {
    if (closed) return end(slot)
    slot.idle = setTimeout(() => end(slot), opts.idleMs).unref()
    idle.push(slot)
  }

  /**
   * Starts `job` on a worker: every message the worker answers for it goes to `on`; `post` sends the
   * job more (its pages, credit, a cancel). `ended` resolves once the worker said its last word (a
   * result, an error, the end of a stream) and rejects when the worker dies (413 out of heap), runs
   * past its CPU deadline (413) or its wall-time backstop (503).
   */
  function open(job: HeavyJob, on: (message: FromWorker) => void): HeavyRun {
    if (closed) {
      const refused = Promise.reject(
        new ApiError(503, messages.unexpectedError, { 'Retry-After': '5' }, 'busy'),
      )
      return { post: () => {}, ended: refused }
    }
    const slot = idle.pop() ?? spawn()
    clearTimeout(slot.idle)
    const id = nextId++
    const { worker } = slot
    // A build in progress keeps the process up (an idle worker does not).
    worker.ref()
    let done = false
    const ended = new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      let base: number | null = null
      const started = performance.now()
      const cpuOf = (u: { user: number; system: number }) => (u.user + u.system) / 1000
      const finish = (outcome: () => void, keep: boolean) => {
        if (done) return
        done = true
        clearTimeout(timer)
        worker.unref()
        worker.off('message', onMessage)
        worker.off('exit', onExit)
        if (keep) rest(slot)
        else end(slot)
        outcome()
      }
      const onMessage = (message: FromWorker) => {
        if (message.id !== id) return
        if ('error' in message)
          return finish(() => reject(new Error(`An export failed in its worker: ${message.error}`)), true)
        on(message)
        if ('result' in message || 'end' in message) finish(resolve, true)
      }
      const onExit = () => {
        const outOfMemory = (slot.crash as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
        finish(
          () =>
            reject(
              outOfMemory
                ? new ApiError(413, EXPORT_TOO_LARGE, undefined, 'too_large')
                : (slot.crash ?? new Error('An export worker stopped')),
            ),
          false,
        )
      }
      const check = async () => {
        if (done) return
        if (performance.now() - started > opts.wallDeadlineMs)
          return finish(
            () => reject(new ApiError(503, messages.unexpectedError, { 'Retry-After': '30' }, 'busy')),
            false,
          )
        const usage = await worker.cpuUsage().catch(() => null)
        if (done) return
        if (usage) {
          base ??= cpuOf(usage)
          if (cpuOf(usage) - base > opts.cpuDeadlineMs)
            return finish(() => reject(new ApiError(413, EXPORT_TOO_SLOW, undefined, 'too_large')), false)
        }
        timer = setTimeout(check, CHECK_MS).unref()
      }
      worker.on('message', onMessage)
      worker.once('exit', onExit)
      void worker.cpuUsage().then(
        (usage) => {
          base ??= cpuOf(usage)
        },
        () => {},
      )
      worker.postMessage({ id, job } satisfies ToWorker)
      timer = setTimeout(check, CHECK_MS).unref()
    })
    return {
      post(message, transfer = []) {
        if (!done) worker.postMessage({ id, ...message } as ToWorker, transfer)
      },
      ended,
    }
  }

  /** A job answered whole (`result`), its icons given in the job (the font). */
  async function build(job: HeavyJob): Promise<ExportResult> {
    let result: ExportResult | undefined
    await open(job, (message) => {
      if ('result' in message) result = message.result as ExportResult
    }).ended
    if (!result) throw new Error('An export worker answered no result')
    return { ...result, bytes: new Uint8Array(result.bytes) }
  }

  return {
    open,
    build,
    workers: () => alive.size,
    async close() {
      closed = true
      const all = [...alive]
      for (const slot of all) end(slot)
      await Promise.all(all.map((slot) => slot.worker.terminate()))
    },
  }
}
