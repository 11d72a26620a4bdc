// A worker's CPU time since a start, for the pool's deadline (pool.ts, ADR 0102). The usage is read
// off the worker's thread (`worker.cpuUsage()` answers while the worker computes); the base is read
// as the job is sent, and a job whose first read came late is counted from the first check, so an
// icon is never refused before its full deadline of its own CPU.
import type { Worker } from 'node:worker_threads'

export type CpuClock = {
  /** Starts counting again from now (a create's measure after its pipeline, ADR 0421). */
  restart(): void
  /** Wall time since the last start (ms). */
  wallMs(): number
  /** CPU since the last start (ms), or null when the worker could not say (it exited). */
  spentMs(): Promise<number | null>
}

const cpuOf = (usage: { user: number; system: number }) => (usage.user + usage.system) / 1000

export function cpuClock(worker: Worker): CpuClock {
  let base: number | null = null
  let started = 0
  const clock: CpuClock = {
    restart() {
      base = null
      started = performance.now()
      void worker.cpuUsage().then(
        (usage) => {
          base ??= cpuOf(usage)
        },
        () => {},
      )
    },
    wallMs: () => performance.now() - started,
    async spentMs() {
      const usage = await worker.cpuUsage().catch(() => null)
      if (!usage) return null
      const cpuMs = cpuOf(usage)
      base ??= cpuMs
      return cpuMs - base
    },
  }
  clock.restart()
  return clock
}
