// Whether the server can be reached, for the sync state in the header and for recovering on its own:
// the browser's online flag, and what the app saw (a request that could not reach the server; the
// sync engine's stream or sender getting through again). While unreachable, /api/health is polled
// (retry.ts's backoff: 1 s growing to 30 s, at once when the browser comes online); when it answers,
// "server back" fires.
import { backoffDelay, isUnreachableStatus } from '../lib/retry.ts'

type Listener = () => void

let unreachable = false
let probing = false
const listeners = new Set<Listener>()
const backListeners = new Set<Listener>()

const notify = () => {
  for (const listener of listeners) listener()
}

/** Offline: the browser says so, or the server could not be reached. */
export const isOffline = () => unreachable || !navigator.onLine

export function subscribeConnection(listener: Listener) {
  listeners.add(listener)
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Runs `listener` each time the server answers again after it could not be reached. */
export function onServerBack(listener: Listener) {
  backListeners.add(listener)
  return () => backListeners.delete(listener)
}

export function serverReachable() {
  if (!unreachable) return
  unreachable = false
  notify()
  for (const listener of backListeners) listener()
}

export function serverUnreachable() {
  if (unreachable) return
  unreachable = true
  notify()
  void probe()
}

/** A failure that says the server cannot be reached (not that it refused). */
export function isUnreachableError(error: unknown): boolean {
  if (error instanceof TypeError) return true // fetch: offline, refused, reset
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && isUnreachableStatus(status) // a proxy in front of a stopped server
}

async function probe() {
  if (probing) return
  probing = true
  try {
    for (let attempt = 0; unreachable; attempt++) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          window.removeEventListener('online', done)
          resolve()
        }
        const timer = setTimeout(done, backoffDelay(attempt))
        window.addEventListener('online', done)
      })
      if (!unreachable) return
      const ok = await fetch('/api/health', { cache: 'no-store' }).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) serverReachable()
    }
  } finally {
    probing = false
  }
}
