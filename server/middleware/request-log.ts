// The request log: one line per request (request id, method, path without the query string,
// status, duration, the signed-in user's id), and the request id on the response. The query
// string never reaches the log: magic-link tokens and other secrets travel there; nor does an API
// token in a path (loggedPath). A request id
// from the proxy (X-Request-Id) is kept when the proxy is trusted (TRUST_PROXY), else one is made.
// The rest of the request runs inside withRequestId: whatever it logs carries the id (server/log.ts).
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { type Logger, withRequestId } from '../log.ts'

const REQUEST_ID_HEADER = 'X-Request-Id'
const SAFE_ID = /^[\w.:@-]{1,128}$/

/** An API token in a path (the Iconify endpoint, ADR 0021) is never logged: `/api/iconify/[token]/…`. */
export const loggedPath = (path: string): string =>
  path.startsWith('/api/iconify/') ? path.replace(/^\/api\/iconify\/[^/]*/, '/api/iconify/[token]') : path

type Env = { Variables: { requestId: string; user: { id: string } | null; answerComplete: boolean } }

export function requestLog(logger: Logger, opts: { trustRequestId: boolean }): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now()
    const given = opts.trustRequestId ? c.req.header(REQUEST_ID_HEADER) : undefined
    const id = given && SAFE_ID.test(given) ? given : randomUUID()
    c.set('requestId', id)
    await withRequestId(id, next)
    // A kept answer is sent whole by compress-json, its request id included.
    if (!c.get('answerComplete')) {
      try {
        c.res.headers.set(REQUEST_ID_HEADER, id)
      } catch {
        // A response with immutable headers (passed through from elsewhere): copy it once.
        c.res = new Response(c.res.body, c.res)
        c.res.headers.set(REQUEST_ID_HEADER, id)
      }
    }
    if (!logger.isLevelEnabled('info')) return
    logger.info(
      {
        reqId: id,
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get('user')?.id,
      },
      'request',
    )
  }
}
