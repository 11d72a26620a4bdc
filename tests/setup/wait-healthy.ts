// Waits until a server process answers `url` with 2xx: a condition polled, never a fixed time. Fails
// at once when the process exits first, with what it printed. Not vi.waitFor: this runs in vitest's
// globalSetup (tests/setup/e2e-data-template.ts) and in benchmarks, where `vi` has no state and throws.
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'

/** What `until` rejects with when its time is up (a check that throws rejects with its own error). */
export class TimedOut extends Error {
  constructor() {
    super('timed out')
    this.name = 'TimedOut'
  }
}

/** Resolves once `check` holds, asked every `interval` ms; rejects with TimedOut after `timeout` ms. */
export async function until(
  check: () => Promise<boolean>,
  { timeout, interval }: { timeout: number; interval: number },
) {
  const deadline = Date.now() + timeout
  while (!(await check())) {
    if (Date.now() > deadline) throw new TimedOut()
    await sleep(interval)
  }
}

/** `timeoutMs` only guards against a server that never answers: it allows a very busy machine. */
export async function waitHealthy(
  url: string,
  child: ChildProcess,
  opts: { timeoutMs: number; output?: () => string },
): Promise<void> {
  const output = opts.output ?? (() => '')
  let exit: (() => void) | undefined
  const exited = new Promise<never>((_, reject) => {
    exit = () => reject(new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output()}`))
    if (child.exitCode !== null || child.signalCode !== null) exit()
    else child.once('exit', exit)
  })
  const answered = until(
    async () =>
      // An exited process: `exited` tells.
      child.exitCode !== null ||
      child.signalCode !== null ||
      (await fetch(url).then(
        (r) => r.ok,
        () => false,
      )),
    { timeout: opts.timeoutMs, interval: 100 },
  )
  try {
    await Promise.race([answered, exited])
  } catch (error) {
    if (child.exitCode !== null || child.signalCode !== null) throw error
    throw new Error(`server did not answer ${url} within ${opts.timeoutMs / 1000} s:\n${output()}`)
  } finally {
    if (exit) child.off('exit', exit)
    exited.catch(() => {})
  }
}
