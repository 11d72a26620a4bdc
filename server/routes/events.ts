// GET /api/events: a server-sent event stream of the changes the caller may see.
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { EventBus } from '../events.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'

const HEARTBEAT_MS = 25_000

export function eventRoutes(events: EventBus) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)

  // GET /api/events: `ready`, then one `change` per visible change; heartbeats keep proxies open.
  app.get('/', (c) => {
    const actor = actorOf(c)
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let id = 0
      const queue: Promise<unknown>[] = []
      const unsubscribe = events.subscribe({
        userId: actor.id,
        email: actor.email.toLowerCase(),
        sessionId: c.var.user?.sessionId,
        send: (event) => {
          queue.push(stream.writeSSE({ event: 'change', data: JSON.stringify(event), id: String(++id) }))
        },
      })
      stream.onAbort(() => unsubscribe())
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 })
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(HEARTBEAT_MS)
        if (!stream.aborted) await stream.write(': heartbeat\n\n')
        await Promise.allSettled(queue.splice(0))
      }
      unsubscribe()
    })
  })
  return app
}
