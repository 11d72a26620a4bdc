// The process's lifecycle as the outside sees it: ready, or draining after SIGTERM (readiness
// answers 503 so a load balancer stops sending new work; open event streams are told to reconnect
// elsewhere). One per process, set by index.ts.
type DrainListener = () => void

const listeners = new Set<DrainListener>()
let draining = false

export const isDraining = () => draining

/** Called once the process starts shutting down; returns the way to stop listening. */
export function onDrain(listener: DrainListener): () => void {
  if (draining) {
    listener()
    return () => {}
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Marks the process as draining and tells every listener (idempotent). */
export function startDraining(): void {
  if (draining) return
  draining = true
  for (const listener of [...listeners]) listener()
  listeners.clear()
}
