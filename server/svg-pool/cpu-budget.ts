// The CPU time each account may spend in the SVG pool (ADR 0102, "CPU budget"): a bucket per lane
// that holds up to `capacityMs` of worker CPU and refills at `refillMsPerS`. Work is charged when it
// ends, with the CPU it took, whether the pipeline accepted the icon or refused it; a lane whose
// bucket is empty or in debt is refused until it has refilled above zero.

export type CpuBudget = {
  /** Seconds until `lane` may send work again; 0 when it may now. */
  waitFor(lane: string): number
  charge(lane: string, cpuMs: number): void
}

type Bucket = { ms: number; at: number }

const MAX_LANES = 10_000

export function cpuBudget(opts: { capacityMs: number; refillMsPerS: number; now?: () => number }): CpuBudget {
  const { capacityMs, refillMsPerS } = opts
  const now = opts.now ?? performance.now.bind(performance)
  const buckets = new Map<string, Bucket>()

  /** The lane's bucket brought up to now (a lane never seen is full). */
  const level = (lane: string): number => {
    const bucket = buckets.get(lane)
    if (!bucket) return capacityMs
    return Math.min(capacityMs, bucket.ms + ((now() - bucket.at) / 1000) * refillMsPerS)
  }

  /** Full buckets say nothing a missing one does not: dropped when the map grows. */
  const sweep = () => {
    for (const lane of buckets.keys()) if (level(lane) >= capacityMs) buckets.delete(lane)
  }

  return {
    waitFor(lane) {
      const ms = level(lane)
      return ms > 0 ? 0 : Math.max(1, Math.ceil(-ms / refillMsPerS + 0.001))
    },
    charge(lane, cpuMs) {
      if (!(cpuMs > 0)) return
      buckets.set(lane, { ms: level(lane) - cpuMs, at: now() })
      if (buckets.size > MAX_LANES) sweep()
    },
  }
}
