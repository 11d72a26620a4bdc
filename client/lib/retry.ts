// Which failures are worth another try and how long to wait, once for every caller: the queries
// (TanStack Query's retry, query-client.ts), the outbox (client/local/outbox-rules.ts), the live
// stream's reconnect (client/local/live.ts), the sender's wait for the network
// (client/local/engine.ts) and the health probe (client/local/connection.ts).
// docs/product.md §Sync retry and §Constants; ADR 0300.
import { retryAfterMs, backoffDelay as sharedBackoff } from '@common/backoff.ts'

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

/** The browser's steps of the one backoff (common/backoff.ts, ADR 0032): 1 s doubling. */
const BACKOFF = { firstMs: 1000, maxMs: 30_000 }
/** No wait is longer, whatever the attempt or a Retry-After. */
export const MAX_DELAY_MS = BACKOFF.maxMs

/** Tries of one queued change in all, the first included (the outbox). */
export const MAX_SEND_TRIES = 3
/** Retries of a failed query after its first attempt. */
export const MAX_QUERY_RETRIES = 3

/**
 * The wait before the next attempt after `attempt` failures before this one (0: the first retry):
 * 1 s doubling, each wait between half and the whole step (the tabs of a deploy or a server restart
 * do not all come back at once), capped at MAX_DELAY_MS, never shorter than a Retry-After of
 * `retryAfterSeconds`.
 */
export function backoffDelay(
  attempt: number,
  retryAfterSeconds = 0,
  random: () => number = Math.random,
): number {
  return Math.min(Math.max(sharedBackoff(attempt, BACKOFF, random), retryAfterSeconds * 1000), MAX_DELAY_MS)
}

/** Seconds of a Retry-After header (seconds or an HTTP date), or undefined without a usable one. */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const ms = retryAfterMs(headers?.get('retry-after') ?? headers?.get('x-retry-after'))
  return ms === undefined ? undefined : ms / 1000
}
