// The one backoff (ADR 0032): the wait before retry number `attempt` doubles from `firstMs` up to
// `maxMs`, and is drawn between half and the whole of that step ("equal jitter"), so callers that
// failed together (browsers after a deploy, processes after a database blink, CLIs in CI) do not
// all come back at the same instant, yet each still waits at least half its step. A server's
// Retry-After is honoured by the callers: never a shorter wait than it says (retryAfterMs reads it).
// Used by the server (server/db/backoff.ts), the browser (client/lib/retry.ts) and the CLI
// (cli/lib/backoff.ts), each with its own first step and cap.

export type BackoffPolicy = {
  /** The first step (attempt 0), ms. */
  firstMs: number
  /** No step is longer, ms. */
  maxMs: number
}

/** The wait before retry number `attempt` (0 for the first): a draw in [step / 2, step]. */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  // 2 ** 30 steps past any cap in use; a larger exponent would only overflow to Infinity.
  const step = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(Math.max(0, attempt), 30))
  return step / 2 + (random() * step) / 2
}

/**
 * A Retry-After header's wait in ms: delay-seconds, or an HTTP date (then from `now`, never below
 * 0); undefined when absent or unreadable (a negative number, a time without a date, a word).
 */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim() ?? ''
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  // An HTTP date names its day and month: anything else with a letter is no date.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
