// Which failures are worth another try and how long to wait, once for every caller: the queries
// (TanStack Query's retry, query-client.ts), the outbox (client/local/outbox-rules.ts), the live
// stream's reconnect (client/local/live.ts), the sender's wait for the network
// (client/local/engine.ts) and the health probe (client/local/connection.ts).
// docs/product.md §Sync retry and §Constants; ADR 0300.

/**
 * The server, or what it stands on, cannot be reached: a proxy with no process behind it (502, 504)
 * or a process whose database is down (503, ADR 0306). Like a network failure it says nothing of
 * the request: wait for the server, do not count a try.
 */
const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504])

/** No answer (undefined: a network failure) or an answer that says the server cannot be reached. */
export const isUnreachableStatus = (status: number | undefined) =>
  status === undefined || UNREACHABLE_STATUSES.has(status)

/** Worth another try: the server could not answer now (408, 429, any 5xx); any other 4xx would fail again. */
export const isTransientStatus = (status: number) => status === 408 || status === 429 || status >= 500

const FIRST_DELAY_MS = 1000
/** No wait is longer, whatever the attempt or a Retry-After. */
export const MAX_DELAY_MS = 30_000

/** Tries of one queued change in all, the first included (the outbox). */
export const MAX_SEND_TRIES = 3
/** Retries of a failed query after its first attempt. */
export const MAX_QUERY_RETRIES = 3

/**
 * The wait before the next attempt after `attempt` failures before this one (0: the first retry):
 * 1 s doubling, capped at MAX_DELAY_MS, never shorter than a Retry-After of `retryAfterSeconds`.
 */
export function backoffDelay(attempt: number, retryAfterSeconds = 0): number {
  const backoff = FIRST_DELAY_MS * 2 ** Math.max(0, attempt)
  return Math.min(Math.max(backoff, retryAfterSeconds * 1000), MAX_DELAY_MS)
}

/** Seconds of a Retry-After header (ours are whole seconds), or undefined without a usable one. */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const header = headers?.get('retry-after') ?? headers?.get('x-retry-after')
  const seconds = header ? Number(header) : Number.NaN
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined
}
