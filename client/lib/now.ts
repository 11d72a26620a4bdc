// The time relative dates are read against ("5 minutes ago"): one clock for the whole page, moved
// every NOW_EVERY_MS while anything shows a relative time, so what was "just now" turns into
// "2 minutes ago" as the minutes pass instead of staying as it was first drawn. Nothing ticks while
// no one listens.
import { useSyncExternalStore } from 'react'

/** How often relative times are read again. */
export const NOW_EVERY_MS = 30_000

let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null

/** Listens to the clock; the first listener starts it, the last one leaving stops it. */
export function subscribeNow(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const l of listeners) l()
    }, NOW_EVERY_MS)
  }
  return () => {
    listeners.delete(listener)
    if (!listeners.size && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

/** The clock's time (ms). */
export const readNow = () => now

/** The current time for relative dates, moving every NOW_EVERY_MS while the component is shown. */
export const useNow = () => useSyncExternalStore(subscribeNow, readNow)
