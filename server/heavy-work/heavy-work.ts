// Heavy work of the server, bounded per process and per user (ADR 0310): `run` passes the gate
// (gate.ts: HEAVY_WORK_CONCURRENCY jobs at once, one per user at a time, the others waiting in a
// bounded queue served user by user, 429 with Retry-After past it) and `build` or `open` runs a job in a reused worker thread with a heap limit
// and a CPU deadline (builder.ts: 413 when a build outgrows them, the process untouched). Font
// builds, server exports (streamed, ADR 0111), releases and duplicate grouping go through it.
import { availableParallelism } from 'node:os'
import { createHeavyBuilder, type HeavyBuilder } from './builder.ts'
import { createHeavyGate, type HeavyGate } from './gate.ts'

/** Heavy jobs at once by default: half the cores, at least one (one on the documented 2-core machine). */
export const defaultHeavyConcurrency = (cores = availableParallelism()) => Math.max(1, Math.floor(cores / 2))
/** Each build worker's heap by default (MB): a font of 3,000 stroked icons fits (bench/README.md). */
export const DEFAULT_HEAVY_HEAP_MB = 768

/** Jobs waiting at most over all users, per job that may run. */
const QUEUED_PER_SLOT = 64
/** Jobs one user may have waiting besides the one running (an export of each format at once fits). */
const QUEUED_PER_USER = 8
/** Longest a job waits for its turn. */
const MAX_WAIT_MS = 60_000
/** Seconds a refused caller is told to wait. */
const RETRY_AFTER_SECONDS = 10
/** CPU time one build may take; a font of 3,000 stroked icons takes far less (bench/README.md). */
const CPU_DEADLINE_MS = 120_000
/** Wall-time backstop of one build. */
const WALL_DEADLINE_MS = 600_000
/** A finished worker waits this long for the next build, then ends and gives its memory back. */
const IDLE_MS = 15_000

export type HeavyWorkConfig = { concurrency: number; heapMb: number }

export type HeavyWork = Pick<HeavyGate, 'run'> &
  Pick<HeavyBuilder, 'build' | 'open'> & {
    stats(): { running: number; queued: number; workers: number }
    close(): Promise<void>
  }

export function createHeavyWork(config: HeavyWorkConfig): HeavyWork {
  const gate = createHeavyGate({
    concurrency: config.concurrency,
    maxQueued: QUEUED_PER_SLOT * config.concurrency,
    maxQueuedPerUser: QUEUED_PER_USER,
    maxWaitMs: MAX_WAIT_MS,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  })
  const builder = createHeavyBuilder({
    heapMb: config.heapMb,
    cpuDeadlineMs: CPU_DEADLINE_MS,
    wallDeadlineMs: WALL_DEADLINE_MS,
    idleMs: IDLE_MS,
  })
  return {
    run: gate.run,
    build: builder.build,
    open: builder.open,
    stats: () => ({ ...gate.stats(), workers: builder.workers() }),
    async close() {
      gate.close()
      await builder.close()
    },
  }
}
