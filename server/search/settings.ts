// The search worker's bounds (ADR 0108, "Off the event loop"): how many searches wait, for how long,
// how many indexes it keeps, and the page size its icons are sent in.

/** Searches waiting for the worker at most, over all callers (beyond: 503 with Retry-After). */
export const MAX_QUEUED = 64
/** Searches one caller (a signed-in user) may have waiting at most (beyond: 429). */
export const MAX_QUEUED_PER_CALLER = 4
/** Longest a search waits for the worker before it is answered 503. */
export const MAX_WAIT_MS = 10_000
/** A search or an index update that takes longer ends the worker (a new one starts): a backstop. */
export const WALL_DEADLINE_MS = 30_000
/** Seconds a refused caller is told to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 2
/** Projects whose index the worker keeps. */
export const KEPT = 16
/** Icons the kept indexes hold at most, together (the most recently searched one is always kept). */
export const KEPT_ICONS = 250_000
/** Icons read from the database and sent to the worker per page: each page a few ms of the loop. */
export const PAGE_ICONS = 1_000
/** The worker's nice value (0 is the event loop's; higher yields the CPU to it). */
export const WORKER_NICE = 10
/** Heap the worker may use; beyond it the worker dies (its searches answered 503) and a new one starts. */
export const WORKER_HEAP_MB = 1024
