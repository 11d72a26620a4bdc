// The SVG worker pool's sizes and deadlines (docs/decisions/0102-svg-worker-pool.md).
import { availableParallelism } from 'node:os'

/** CPU time one icon may take in a worker before it is refused (too_slow) and the worker replaced. */
export const CPU_DEADLINE_MS = 2_000
/** Wall time backstop for one icon, generous: a worker runs at a lower priority (WORKER_NICE). */
export const WALL_DEADLINE_MS = 15 * CPU_DEADLINE_MS
/** How often a busy worker's CPU time is read against the deadline. */
export const CPU_CHECK_MS = 100
/** Longest an icon waits for a worker before the request is answered 503. */
export const MAX_WAIT_MS = 10_000
/** Icons waiting at most, over all callers (beyond: 503). */
export const MAX_QUEUED = 64
/** Icons one caller (a lane: a signed-in user) may have waiting at most (beyond: 429). */
export const MAX_QUEUED_PER_LANE = 8
/** CPU time one account may spend in the workers at once (its bucket's size; ADR 0102, "CPU budget"). */
export const CPU_BUDGET_MS = 3_000
/** CPU time an account's bucket regains each second (a quarter of a worker). */
export const CPU_REFILL_MS_PER_S = 250
/** Seconds a refused caller is told to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 5
/** Workers' nice value (0 is the event loop's; higher yields the CPU to it). */
export const WORKER_NICE = 10
/** Heap a worker may use; beyond it the worker dies and the icon is refused (too_slow). */
export const WORKER_HEAP_MB = 512

/** One core stays for the event loop (HTTP, PGlite); at least one worker, at most four. */
export const defaultPoolSize = (cores = availableParallelism()) => Math.min(4, Math.max(1, cores - 1))
