// GET /api/events: a server-sent event stream of the changes the caller may see, for as long as
// the caller's session is valid (ended by sign-out, revocation, deletion or expiry; ADR 0005).
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { EventBus, Subscriber } from '../events.ts'
import { onDrain } from '../lifecycle.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'

const HEARTBEAT_MS = 25_000
/** How soon a browser reconnects when this process drains (to another one, through the proxy). */
export const DRAIN_RETRY_MS = 500

export function eventRoutes(events: EventBus) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)

  // GET /api/events: `ready`, then one `change` per visible change; heartbeats keep proxies open
  // and re-confirm the session. The stream ends when the session does, or when the session opens
  // more streams than allowed (the oldest ends).
  app.get('/', (c) => {
    const actor = actorOf(c)
    const sessionId = c.var.user?.sessionId ?? ''
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let id = 0
      const queue: Promise<unknown>[] = []
      let wake = () => {}
      let ended = false
      const over = new Promise<void>((resolve) => {
        wake = resolve
      })
      const sub: Subscriber = {
        userId: actor.id,
        email: actor.email.toLowerCase(),
        sessionId,
        send: (event) => {
          if (ended) return
          queue.push(stream.writeSSE({ event: 'change', data: JSON.stringify(event), id: String(++id) }))
        },
        end: () => {
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
      while (!ended && !stream.aborted && !stream.closed) {
        let timer: ReturnType<typeof setTimeout> | undefined
        const beat = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, HEARTBEAT_MS)
        })
        await Promise.race([beat, over])
        clearTimeout(timer)
        await Promise.allSettled(queue.splice(0))
        if (draining && !stream.aborted) {
          await stream.writeSSE({ event: 'reconnect', data: '{}', retry: DRAIN_RETRY_MS })
          break
        }
        if (ended || stream.aborted) break
        if (!(await events.confirm(sub))) break
        await stream.write(': heartbeat\n\n')
      }
      unsubscribe()
      stopDrainWatch()
      await Promise.allSettled(queue.splice(0))
    })
  })
  return app
}
