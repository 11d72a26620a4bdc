// An answer sent before the request's body was read (a 413, a 403, a 415, a 401 ...) carries
// `Connection: close`: the unread rest of the body would otherwise be taken for the next
// request on a kept-alive connection, or the server drops the socket under the client's feet.
import type { IncomingMessage } from 'node:http'
import { createMiddleware } from 'hono/factory'
import { hasBody } from './csrf.ts'

type NodeBindings = { Bindings: { incoming?: Partial<IncomingMessage> } }

export const closeUnreadBodies = () =>
  createMiddleware<NodeBindings>(async (c, next) => {
    await next()
    const incoming = c.env?.incoming
    // Only on a real Node request (app.request() in tests has no stream to leave unread).
    if (typeof incoming?.readableEnded !== 'boolean' || incoming.readableEnded) return
    if (!hasBody(c.req.raw.headers)) return
    try {
      c.res.headers.set('connection', 'close')
    } catch {
      // immutable headers (a fetched Response): answer with a copy
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('connection', 'close')
    }
  })
