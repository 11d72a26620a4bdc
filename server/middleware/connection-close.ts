// An answer sent before the request's body was read (a 413, a 403, a 415, a 401 ...) carries
// `Connection: close`: the unread rest of the body would otherwise be taken for the next
// request on a kept-alive connection, or the server drops the socket under the client's feet.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { createMiddleware } from 'hono/factory'
import { hasBody } from './csrf.ts'

/** hasBody() on Node's header record: a length above zero, or a chunked body. */
function sentBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length']
  if (length !== undefined) return length.trim() !== '0'
  return headers['transfer-encoding'] !== undefined
}

type NodeBindings = { Bindings: { incoming?: Partial<IncomingMessage> } }

export const closeUnreadBodies = () =>
  createMiddleware<NodeBindings>(async (c, next) => {
    await next()
    const incoming = c.env?.incoming
    // Only on a real Node request (app.request() in tests has no stream to leave unread).
    if (typeof incoming?.readableEnded !== 'boolean' || incoming.readableEnded) return
    // Node's own header record when there is one: no fetch Headers built for it.
    if (!(incoming.headers ? sentBody(incoming.headers) : hasBody(c.req.raw.headers))) return
    try {
      c.res.headers.set('connection', 'close')
    } catch {
      // immutable headers (a fetched Response): answer with a copy
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('connection', 'close')
    }
  })
