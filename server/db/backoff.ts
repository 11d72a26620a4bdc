// Retrying a lost database connection (ADR 0306): the one backoff of common/backoff.ts (ADR 0032),
// 100 ms doubling to 5 s, each wait between half and the whole of its step, so processes that lost
// one database at once do not all knock on it at the same instant.
import { backoffDelay } from '../../common/backoff.ts'

/** The database reconnect's steps. */
export const RECONNECT_BACKOFF = { firstMs: 100, maxMs: 5000 }

/**
 * Calls `attempt` after a backoff delay until it succeeds; `stopped()` (checked before each try)
 * gives up. Each failure goes to `failed`. The timers do not keep the process alive.
 */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  opts: { stopped(): boolean; failed(err: unknown): void },
): Promise<T | null> {
  for (let n = 0; ; n++) {
    await new Promise((resolve) => setTimeout(resolve, backoffDelay(n, RECONNECT_BACKOFF)).unref())
    if (opts.stopped()) return null
    try {
      return await attempt()
    } catch (err) {
      opts.failed(err)
    }
  }
}
