// The request log: one line per request (request id, method, path without the query string,
// status, duration, the signed-in user's id), and the request id on the response. The query
// string never reaches the log: magic-link tokens and other secrets travel there; nor does an API
// token in a path, in any spelling of the path (loggedPath, server/log/log-redact.ts). A request id
// from the proxy (X-Request-Id) is kept when the proxy is trusted (TRUST_PROXY), else one is made.
// The rest of the request runs inside withRequestId: whatever it logs carries the id (server/log/log.ts).
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { type Logger, withRequestId } from '../log/log.ts'
import { redactPath } from '../log/log-redact.ts'

const REQUEST_ID_HEADER = 'X-Request-Id'
const SAFE_ID = /^[\w.:@-]{1,128}$/

/**
 * A path as it may be logged: the token's place in the Iconify endpoint's paths (ADR 0021), and any
 * other segment holding an API token in any case or encoding, are written `[token]`
 * (`/api/iconify/[token]/…`).
 */
export const loggedPath = (path: string): string =>
  redactPath(
    path.startsWith('/api/iconify/') ? path.replace(/^\/api\/iconify\/[^/]*/, '/api/iconify/[token]') : path,
  )

type Env = { Variables: { requestId: string; user: { id: string } | null; answerComplete: boolean } }

/** The request's id: the proxy's X-Request-Id when it is trusted and well-formed, else a new one. */
export const requestIdOf = (given: string | undefined, trusted: boolean): string =>
  trusted && given && SAFE_ID.test(given) ? given : randomUUID()

/** The request's log line (also written by the Iconify fast path, server/iconify-fast-path.ts). */
export function logRequest(
  logger: Logger,
  line: { reqId: string; method: string; path: string; status: number; started: number; userId?: string },
): void {
  if (!logger.isLevelEnabled('info')) return
  logger.info(
    {
      reqId: line.reqId,
      method: line.method,
      path: loggedPath(line.path),
      status: line.status,
      ms: Math.round((performance.now() - line.started) * 10) / 10,
      userId: line.userId,
    },
    'request',
  )
}

export function requestLog(logger: Logger, opts: { trustRequestId: boolean }): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now()
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER), opts.trustRequestId)
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
    logRequest(logger, {
      reqId: id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      started,
      userId: c.get('user')?.id,
    })
  }
}
