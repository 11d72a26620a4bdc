// How the CLI waits out a busy server (ADR 0020): a 429 or 503 is asked again after its
// Retry-After (seconds or an HTTP date), at most MAX_RETRIES times and at most MAX_WAIT_MS each;
// without a readable Retry-After, the one backoff (common/backoff.ts, ADR 0032): 1, 2, 4, 8 s steps,
// each wait between half and the whole step (CI jobs refused together do not return together).
// Each wait is said on stderr.
import { backoffDelay, retryAfterMs } from '../../common/backoff.ts'

export const MAX_RETRIES = 4
export const MAX_WAIT_MS = 60_000

const BACKOFF = { firstMs: 1000, maxMs: MAX_WAIT_MS }

const isRetryable = (status: number) => status === 429 || status === 503

/** How long to wait before retry number `attempt` (0-based), from the answer's Retry-After. */
export function retryDelayMs(
  retryAfter: string | null,
  attempt: number,
  now = Date.now(),
  random: () => number = Math.random,
): number {
  const ms = retryAfterMs(retryAfter, now) ?? backoffDelay(attempt, BACKOFF, random)
  return Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(ms)))
}

/**
 * Sends until the answer is not a 429/503 or MAX_RETRIES retries were made (the last answer is then
 * returned as it is); `say` is told of each wait before it starts.
 */
export async function withRetries(
  send: () => Promise<Response>,
  say: (line: string) => void,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await send()
    if (!isRetryable(res.status) || attempt >= MAX_RETRIES) return res
    const ms = retryDelayMs(res.headers.get('retry-after'), attempt)
    await res.body?.cancel()
    say(`the server answered ${res.status}; waiting ${ms / 1000} s (retry ${attempt + 1} of ${MAX_RETRIES}).`)
    await new Promise((resolve) => setTimeout(resolve, ms))
  }
}
