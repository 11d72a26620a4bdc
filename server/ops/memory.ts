// Gives memory back while the server is idle. V8 grows its young generation up to two 64 MB
// semi-spaces under start-up's allocation (or a burst of requests) and keeps that size while idle,
// ~125 MB resident for ~10 MB of live objects; it shrinks it only in a memory-reducing collection,
// which nothing triggers in an idle process. So: one such collection once the server is ready, then
// whenever the event loop has been quiet for a while with much unused heap. ADR 0304.
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

const CHECK_EVERY_MS = 5_000
/** Below this share of busy event loop since the last check, the server counts as idle. */
const IDLE_UTILIZATION = 0.02
/** Heap reserved but unused above which an idle server collects. */
const SLACK_BYTES = 24 * 1024 * 1024

function memoryReducingGc(): Gc {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as Gc
}

/** Collects now and whenever idle with slack; returns the stop function (timers are unref'd). */
export function reduceMemoryWhenIdle(): () => void {
  const gc = memoryReducingGc()
  const collect = () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  const first = setTimeout(collect, 0)
  let last = performance.eventLoopUtilization()
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const busy = performance.eventLoopUtilization(now, last).utilization
    last = now
    const { heapTotal, heapUsed } = process.memoryUsage()
    if (busy < IDLE_UTILIZATION && heapTotal - heapUsed > SLACK_BYTES) collect()
  }, CHECK_EVERY_MS)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
