// GET /api/events: a server-sent event stream of the changes the caller may see, for as long as
// the caller's session is valid (ended by sign-out, revocation, deletion or expiry; ADR 0005), whose
// last event is then `signed-out` with the reason (ADR 0012), so an idle device signs out at once.
// What waits to be written is bounded per stream (events/stream-outbox.ts): a client that does not read
// gets one `pull` in place of its backlog, and one that has not taken a byte for STUCK_MS is cut off.
import type { ServerResponse } from 'node:http'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { SignedOutEvent } from '../../common/schemas/events.ts'
import type { EventBus, Subscriber } from '../events/events.ts'
import { HEARTBEAT_FRAME, sseFrame, streamOutbox } from '../events/stream-outbox.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { onDrain } from '../ops/lifecycle.ts'

const HEARTBEAT_MS = 25_000
/** A stream whose client has taken nothing for this long is ended (it reconnects and pulls). */
const STUCK_MS = 60_000
/** How soon a browser reconnects when this process drains (to another one, through the proxy). */
export const DRAIN_RETRY_MS = 500

type NodeEnv = AppEnv & { Bindings: { outgoing?: ServerResponse } }

const RECONNECT_FRAME = new TextEncoder().encode(`event: reconnect\ndata: {}\nretry: ${DRAIN_RETRY_MS}\n\n`)

/** Waits for `promise`, but no longer than `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

export function eventRoutes(events: EventBus) {
  const app = new Hono<NodeEnv>()
  app.use(requireUser)

  // GET /api/events: `ready`, then one `change` per visible change (or one `pull` in place of a
  // backlog); heartbeats keep proxies open and re-confirm the session, whatever the backlog. The
  // stream ends when the session does, when the session opens more streams than allowed (the
  // oldest ends), or when its client has not read for STUCK_MS.
  app.get('/', (c) => {
    const actor = actorOf(c)
    const sessionId = c.var.user?.sessionId ?? ''
    // Cuts the connection even when writes are stuck behind a client that does not read: ending the
    // stream politely would wait for them.
    const cutOff = () => c.env?.outgoing?.destroy()
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const outbox = streamOutbox((chunk) => stream.write(chunk))
      let wake = () => {}
      let ended = false
      const over = new Promise<void>((resolve) => {
        wake = resolve
      })
      const sub: Subscriber = {
        userId: actor.id,
        email: actor.email.toLowerCase(),
        sessionId,
        send: (frame) => outbox.push(frame),
        pull: () => outbox.pull(),
        end: (reason) => {
          // The session ended: the stream's last word says why, so the browser signs out at once.
          if (reason) outbox.push(sseFrame('signed-out', JSON.stringify({ reason } satisfies SignedOutEvent)))
          ended = true
          wake()
        },
      }
      const unsubscribe = events.subscribe(sub)
      // SIGTERM: the stream ends with a short retry hint, so the browser reconnects elsewhere at once.
      let draining = false
      const stopDrainWatch = onDrain(() => {
        draining = true
        wake()
      })
      stream.onAbort(() => {
        unsubscribe()
        wake()
      })
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 })
      let stuck = false
      while (!ended && !stream.aborted && !stream.closed) {
        let timer: ReturnType<typeof setTimeout> | undefined
        const beat = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, HEARTBEAT_MS)
        })
        await Promise.race([beat, over])
        clearTimeout(timer)
        if (draining && !stream.aborted) {
          outbox.push(RECONNECT_FRAME)
          await within(outbox.drained(), 1000)
          break
        }
        if (ended || stream.aborted) break
        if (!(await events.confirm(sub))) break
        if (outbox.stuckSince && Date.now() - outbox.stuckSince > STUCK_MS) {
          stuck = true
          break
        }
        outbox.push(HEARTBEAT_FRAME)
      }
      unsubscribe()
      stopDrainWatch()
      // A client that reads gets what waits (briefly); one that does not is cut off.
      if (!stuck && !stream.aborted) await within(outbox.drained(), 1000)
      if (outbox.waitingBytes > 0) cutOff()
      outbox.close()
    })
  })
  return app
}
