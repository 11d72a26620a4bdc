// Retrying a lost database connection (ADR 0306): 100 ms doubling to 5 s, each delay drawn between
// half and the whole of its step ("equal jitter"), so processes that lost one database at once do
// not all knock on it at the same instant.

const BACKOFF_FIRST_MS = 100
export const BACKOFF_MAX_MS = 5000

/** The wait before retry number `attempt` (0 for the first). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 16))
  return step / 2 + (random() * step) / 2
}

/**
 * Calls `attempt` after a backoff delay until it succeeds; `stopped()` (checked before each try)
 * gives up. Each failure goes to `failed`. The timers do not keep the process alive.
 */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  opts: { stopped(): boolean; failed(err: unknown): void },
): Promise<T | null> {
  for (let n = 0; ; n++) {
    await new Promise((resolve) => setTimeout(resolve, backoffDelay(n)).unref())
    if (opts.stopped()) return null
    try {
      return await attempt()
    } catch (err) {
      opts.failed(err)
    }
  }
}
