// The live stream: an EventSource on GET /api/events, run by the leading tab (engine.ts). \`ready\`
// opens every (re)connection and asks for a re-sync, since changes may have been missed meanwhile,
// and so does \`pull\` (the server dropped a backlog we did not read, or its database connection
// blinked); each \`change\` (common/schemas/events.ts) is applied by apply-events.ts, and its scope's
// version is checked for a gap (a change committed but never announced to us: its scope is pulled,
// ADR 0303); \`invitations changed\` is passed on; \`signed-out\` (the session ended, and why) and a
// stream the server refuses are reported to lib/session-end.ts.
// Events that arrive within a few milliseconds of one another, or while a batch is being applied,
// are applied together (live-batch.ts), so a teammate's import of 10,000 icons costs a few dozen
// transactions, not 10,000. The backlog is bounded: past MAX_BACKLOG waiting row events they are
// dropped for a re-sync (ADR 0402).
import { type ChangeEvent, SESSION_END_REASONS, type SignedOutEvent } from '@common/schemas/events.ts'
import { backoffDelay } from '../lib/retry.ts'
import { sessionEnded } from '../lib/session-end.ts'
import { applyChangeEvents } from './apply-events.ts'
import { onServerBack } from './connection.ts'
import { isRowEvent, takeBatch } from './live-batch.ts'
import { heard, scopeOfEvent } from './pull.ts'

export interface LiveHandlers {
  /** A (re)connection is open: pull what may have been missed. */
  onReady(): void
  onInvitationsChanged(): void
  /** An event showed a change of this scope that never arrived (a gap in its versions): pull it. */
  onMissed(scope: string): void
  /** Any event arrived (the stream is alive). */
  onHeard(): void
}

/** The data of a `signed-out` event; a reason this version does not know is `ended`. */
function parseSignedOut(data: string): SignedOutEvent {
  try {
    const { reason } = JSON.parse(data) as Partial<SignedOutEvent>
    return { reason: SESSION_END_REASONS.find((r) => r === reason) ?? 'ended' }
  } catch {
    return { reason: 'ended' }
  }
}

/** Most row events applied in one transaction. */
const MAX_BATCH = 1000
/** Events arriving within this many ms of the first waiting one are applied together. */
const BATCH_WAIT_MS = 16
/** Past this many waiting row events, they are dropped and the lists re-fetched instead. */
const MAX_BACKLOG = 20_000

/**
 * Opens the stream; returns a function that closes it. EventSource reconnects by itself after a
 * dropped connection; when it gives up (an error status: a proxy's 502/503 while the server
 * restarts, say), we open a new one after retry.ts's backoff (1 s doubling to 30 s, from 1 s again
 * once a connection is ready), or at once when the browser comes online or the server answers again.
 */
export function connectLive(handlers: LiveHandlers): () => void {
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  let failures = 0
  // Waiting events, applied in order a batch at a time; never more than MAX_BACKLOG row events.
  const queue: ChangeEvent[] = []
  let rowEvents = 0
  let draining = false
  let wait: ReturnType<typeof setTimeout> | undefined

  const drain = async () => {
    draining = true
    wait = undefined
    try {
      while (queue.length && !closed) {
        const batch = takeBatch(queue, MAX_BATCH)
        rowEvents -= batch.filter(isRowEvent).length
        try {
          await applyChangeEvents(batch, handlers)
        } catch (error) {
          console.error('Could not apply change events', error)
        }
        // Let the page render between batches.
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
    } finally {
      draining = false
    }
  }
  const enqueue = (event: ChangeEvent) => {
    queue.push(event)
    if (isRowEvent(event) && ++rowEvents > MAX_BACKLOG) {
      // Too far behind: what the waiting row events say, a re-sync fetches anyway.
      const others = queue.filter((e) => !isRowEvent(e))
      queue.length = 0
      queue.push(...others)
      rowEvents = 0
      handlers.onReady()
    }
    if (!draining && wait === undefined) wait = setTimeout(() => void drain(), BATCH_WAIT_MS)
  }

  const open = () => {
    if (closed) return
    timer = undefined
    source = new EventSource('/api/events')
    source.addEventListener('ready', () => {
      failures = 0
      handlers.onReady()
    })
    // The server dropped what waited for us (we read too slowly) or may have missed notes: pull.
    source.addEventListener('pull', () => handlers.onReady())
    // The session ended (account deleted, revoked, signed out elsewhere): this browser signs out.
    source.addEventListener('signed-out', (message) => {
      const { reason } = parseSignedOut((message as MessageEvent<string>).data)
      sessionEnded(reason)
    })
    source.addEventListener('change', (message) => {
      let event: ChangeEvent
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent
      } catch {
        return
      }
      handlers.onHeard()
      if (event.scope !== undefined && event.version !== undefined && heard(event.scope, event.version))
        handlers.onMissed(scopeOfEvent(event.scope))
      enqueue(event)
    })
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return
      source = null
      // Refused (a 401 when the session is gone, or a proxy's error): is anyone still signed in?
      sessionEnded('ended')
      timer = setTimeout(open, backoffDelay(failures++))
    })
  }
  /**
   * Waiting to reconnect: do it now. A stream the browser is still retrying by itself (offline, its
   * own reconnection delay growing) is opened again too: back online, the server is asked at once
   * (and a session that ended meanwhile is told within moments, not after the browser's next try).
   */
  const openNow = () => {
    if (closed) return
    if (timer !== undefined) clearTimeout(timer)
    else if (source && source.readyState === EventSource.CONNECTING) source.close()
    else return
    open()
  }
  open()
  const stopHearingBack = onServerBack(openNow)
  window.addEventListener('online', openNow)
  return () => {
    closed = true
    stopHearingBack()
    window.removeEventListener('online', openNow)
    clearTimeout(timer)
    clearTimeout(wait)
    source?.close()
  }
}
