// A small pool of worker threads that runs the SVG pipeline (common/svg processSvg) off the event
// loop. Each icon gets a CPU deadline: past it the icon is refused (SvgError too_slow, a 400) and
// its worker terminated and replaced. Callers wait in a bounded queue served lane by lane (a lane
// is one user), so one user's many icons never hold back another's one; beyond the bounds the
// caller is answered 429/503 with Retry-After. Each lane also has a CPU budget (cpu-budget.ts): the
// CPU its icons took, refused ones included, is charged to it, and a lane over budget is answered 429
// until it has refilled. Its callers' side: pool-api.ts. docs/decisions/0102-svg-worker-pool.md
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads'
import { appMessages } from '../../common/messages.ts'
import type { RuleCheck } from '../../common/schemas/review-rules.ts'
import { SvgError } from '../../common/svg/index.ts'
import { ApiError } from '../domain/errors.ts'
import { primeServedSvg } from '../domain/icons/served-svg.ts'
import { cpuBudget } from './cpu-budget.ts'
import { cpuClock } from './cpu-clock.ts'
import { FairQueue } from './fair-queue.ts'
import type { DrawingMeasure } from './fingerprint.ts'
import { type Measured, SVG_POOL_BUSY, type SvgPool, type SvgPoolOptions } from './pool-api.ts'
import type { FromWorker, Job } from './protocol.ts'
import * as limits from './settings.ts'

/** The least an upload is charged, whatever its CPU time read (ms). */
const MIN_CHARGE_MS = 0.05

type Task = {
  id: number
  job: Job
  lane: string
  resolve(result: string | Measured | string[] | (DrawingMeasure | null)[] | RuleCheck[][]): void
  reject(error: unknown): void
  waiting?: NodeJS.Timeout
}

type Slot = {
  worker: Worker
  answers: MessagePort
  ready: boolean
  task: Task | null
  watch: NodeJS.Timeout[]
  crash?: Error
  /** The output of the task's pipeline, while its measure is made. */
  processed?: string
  /** Starts the task's deadline again, for the measure after its pipeline. */
  measureClock?: () => void
}

const WORKER_URL = new URL('./worker.ts', import.meta.url)
const retry = { 'Retry-After': String(limits.RETRY_AFTER_SECONDS) }
const busy = () => new ApiError(503, SVG_POOL_BUSY, retry, 'busy')
const tooMany = () => new ApiError(429, appMessages.tooManyRequests, retry)
const overBudget = (seconds: number) =>
  new ApiError(429, appMessages.svgCpuBudget, { 'Retry-After': String(seconds) })

function svgErrorOf(code: SvgError['code'], message: string): SvgError {
  const error = new SvgError(code)
  error.message = message
  return error
}

export function createSvgPool(options: SvgPoolOptions = {}): SvgPool {
  const size = options.size ?? limits.defaultPoolSize()
  const cpuDeadlineMs = options.cpuDeadlineMs ?? limits.CPU_DEADLINE_MS
  const cpuCheckMs = options.cpuCheckMs ?? limits.CPU_CHECK_MS
  const wallDeadlineMs = options.wallDeadlineMs ?? Math.max(limits.WALL_DEADLINE_MS, 15 * cpuDeadlineMs)
  const maxWaitMs = options.maxWaitMs ?? limits.MAX_WAIT_MS
  const maxQueued = options.maxQueued ?? limits.MAX_QUEUED
  const maxPerLane = options.maxQueuedPerLane ?? limits.MAX_QUEUED_PER_LANE
  const slots = new Set<Slot>()
  const queue = new FairQueue<Task>()
  const budget = cpuBudget({
    capacityMs: options.cpuBudgetMs ?? limits.CPU_BUDGET_MS,
    refillMsPerS: options.cpuRefillMsPerS ?? limits.CPU_REFILL_MS_PER_S,
  })
  /** Uploads are charged to their lane; serving stored markup is not (an icon list is never refused). */
  const charge = (task: Task, cpuMs: number | undefined) => {
    // At least MIN_CHARGE_MS: a thread's CPU time can be counted in scheduler ticks, so a quick icon
    // may read 0 ms (seen on a loaded machine), and work must never be free.
    if (task.job.kind === 'process' && cpuMs !== undefined)
      budget.charge(task.lane, Math.max(cpuMs, MIN_CHARGE_MS))
  }
  let nextId = 1
  let replaced = 0
  let closed = false

  function spawn() {
    // The worker answers on a port of its own, which a deadline check can read at once
    // (receiveMessageOnPort): what the worker said before the check is heard before it judges.
    const { port1: answers, port2 } = new MessageChannel()
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: limits.WORKER_HEAP_MB },
      workerData: { answers: port2 },
      transferList: [port2],
    })
    worker.unref()
    answers.unref()
    const slot: Slot = { worker, answers, ready: false, task: null, watch: [] }
    slots.add(slot)
    answers.on('message', (message: FromWorker) => onMessage(slot, message))
    worker.on('error', (error) => {
      slot.crash = error
    })
    worker.on('exit', () => {
      answers.close()
      onExit(slot)
    })
  }

  function settle(slot: Slot): Task | null {
    const task = slot.task
    for (const timer of slot.watch) clearTimeout(timer)
    slot.watch = []
    slot.task = null
    slot.processed = undefined
    slot.measureClock = undefined
    return task
  }

  function onMessage(slot: Slot, message: FromWorker) {
    if ('ready' in message) slot.ready = true
    else if (slot.task?.id === message.id) {
      if ('measuring' in message) {
        // The pipeline is done (its CPU charged); the measure follows, the worker still busy.
        if (message.cpuMs !== undefined) charge(slot.task, message.cpuMs)
        primeServedSvg(message.svg, message.served ?? message.svg)
        slot.processed = message.svg
        slot.measureClock?.()
        return
      }
      const processed = slot.processed
      const task = settle(slot)!
      if ('cpuMs' in message) charge(task, message.cpuMs)
      if ('measure' in message) task.resolve({ svg: processed!, measure: message.measure })
      else if ('svg' in message) {
        primeServedSvg(message.svg, message.served ?? message.svg)
        task.resolve(message.svg)
      } else if ('served' in message) {
        const inputs = task.job.kind === 'serve' ? task.job.inputs : []
        task.resolve(message.served.map((served, at) => served ?? inputs[at]!))
      } else if ('measured' in message) task.resolve(message.measured)
      else if ('checked' in message) task.resolve(message.checked)
      else if ('code' in message) task.reject(svgErrorOf(message.code, message.message))
      else task.reject(new Error(`SVG pipeline failed in a worker: ${message.error}`))
    }
    pump()
  }

  /** A worker gone: its icon refused (too_slow when it ran out of memory), a new one when needed. */
  function onExit(slot: Slot) {
    if (!slots.delete(slot)) return
    replaced++
    const processed = slot.processed
    const task = settle(slot)
    const code = (slot.crash as { code?: string } | undefined)?.code
    // Lost while measuring: the output stands, without a measure.
    if (task && processed !== undefined) task.resolve({ svg: processed, measure: null })
    else if (task) {
      charge(task, cpuDeadlineMs)
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') task.reject(new SvgError('too_slow'))
      else task.reject(slot.crash ?? new Error('An SVG worker stopped'))
    }
    if (!slot.ready) {
      // It could not even start (a broken install): refuse what waits rather than retry forever.
      const failed = new Error(`An SVG worker could not start: ${slot.crash?.message ?? 'exited'}`)
      for (const waiting of queue.drain()) waiting.reject(failed)
      return
    }
    if (!closed && slots.size < size) spawn()
    pump()
  }

  /** Past its deadline: the icon is refused at once, the worker terminated and replaced. */
  function kill(slot: Slot, task: Task, cpuMs: number) {
    if (slot.task !== task || !slots.delete(slot)) return
    replaced++
    const processed = slot.processed
    settle(slot)
    // Past the deadline while measuring: the output stands, without a measure (as a measure job
    // past its deadline leaves a drawing); the pipeline's CPU was charged when it ended.
    if (processed !== undefined) task.resolve({ svg: processed, measure: null })
    else {
      charge(task, cpuMs)
      task.reject(new SvgError('too_slow'))
    }
    void slot.worker.terminate()
    if (!closed) spawn()
    pump()
  }

  /**
   * Sends the icon to the worker and watches it: the worker's CPU time is read as the icon is sent
   * (off the worker's thread, so it answers while the worker computes), then a timer checks it every
   * cpuCheckMs (CPU_CHECK_MS). An icon is refused after 2.0–2.1 s of its own CPU, never less (one whose first read
   * came too late is counted from the first check). A refused icon is charged its CPU plus
   * cpuCheckMs (ADR 0102's CPU budget).
   */
  function run(slot: Slot, task: Task) {
    clearTimeout(task.waiting)
    slot.task = task
    const clock = cpuClock(slot.worker)
    // A create's measure has a deadline of its own, as when it was a job of its own (ADR 0421).
    slot.measureClock = clock.restart
    slot.worker.postMessage({ ...task.job, id: task.id })
    const check = async () => {
      if (slot.task !== task) return
      if (clock.wallMs() > wallDeadlineMs) return kill(slot, task, cpuDeadlineMs)
      const spent = await clock.spentMs()
      if (slot.task !== task) return
      if (spent !== null && spent > cpuDeadlineMs) {
        // What the worker sent meanwhile first: an answer, or a pipeline done whose measure
        // now has its own deadline (the clock started again), is not past the deadline.
        const measuring = slot.processed !== undefined
        for (let m = receiveMessageOnPort(slot.answers); m; m = receiveMessageOnPort(slot.answers))
          onMessage(slot, m.message as FromWorker)
        if (slot.task !== task) return
        if (measuring || slot.processed === undefined) return kill(slot, task, spent + cpuCheckMs)
      }
      slot.watch = [setTimeout(check, cpuCheckMs).unref()]
    }
    slot.watch = [setTimeout(check, cpuCheckMs).unref()]
  }

  /** Idle ready workers take the next icons in turn; workers start while icons wait for them. */
  function pump() {
    if (closed) return
    for (const slot of slots) {
      if (!slot.ready || slot.task) continue
      const task = nextWithinBudget()
      if (!task) break
      run(slot, task)
    }
    let starting = [...slots].filter((s) => !s.ready).length
    while (queue.size > starting && slots.size < size) {
      spawn()
      starting++
    }
  }

  /** The next task whose lane may still spend CPU; those of lanes gone over budget meanwhile are refused. */
  function nextWithinBudget(): Task | undefined {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const wait = task.job.kind === 'process' ? budget.waitFor(task.lane) : 0
      if (!wait) return task
      clearTimeout(task.waiting)
      task.reject(overBudget(wait))
    }
    return undefined
  }

  function enqueue(
    job: Job,
    lane: string,
  ): Promise<string | Measured | string[] | (DrawingMeasure | null)[] | RuleCheck[][]> {
    if (closed || queue.size >= maxQueued) return Promise.reject(busy())
    const wait = job.kind === 'process' ? budget.waitFor(lane) : 0
    if (wait) return Promise.reject(overBudget(wait))
    if (queue.sizeOf(lane) >= maxPerLane) return Promise.reject(tooMany())
    return new Promise((resolve, reject) => {
      const task: Task = { id: nextId++, job, lane, resolve, reject }
      task.waiting = setTimeout(() => {
        if (queue.remove(lane, task)) reject(busy())
      }, maxWaitMs)
      task.waiting.unref()
      queue.push(lane, task)
      pump()
    })
  }

  return {
    size,
    process: (input, { idPrefix }, lane = '') =>
      enqueue({ kind: 'process', input, idPrefix }, lane) as Promise<string>,
    processMeasured: (input, { idPrefix }, lane = '') =>
      enqueue({ kind: 'process', input, idPrefix, measure: true }, lane) as Promise<Measured>,
    serve: (inputs, lane = '') => enqueue({ kind: 'serve', inputs }, lane) as Promise<string[]>,
    measure: (inputs, lane = '') =>
      enqueue({ kind: 'measure', inputs }, lane) as Promise<(DrawingMeasure | null)[]>,
    check: (inputs, rules, lane = '') =>
      enqueue({ kind: 'check', inputs, rules }, lane) as Promise<RuleCheck[][]>,
    warm() {
      if (!closed && slots.size === 0) spawn()
    },
    stats: () => ({
      workers: slots.size,
      busy: [...slots].filter((s) => s.task).length,
      queued: queue.size,
      replaced,
    }),
    async close() {
      closed = true
      for (const task of queue.drain()) {
        clearTimeout(task.waiting)
        task.reject(busy())
      }
      const all = [...slots]
      slots.clear()
      for (const slot of all) settle(slot)?.reject(busy())
      await Promise.all(all.map((slot) => slot.worker.terminate()))
    },
  }
}
