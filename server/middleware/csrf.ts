// Cross-site request protection for every unsafe /api method (ADR 0006): the request must come
// from this app's own origin (Origin, or Sec-Fetch-Site: same-origin without one), and a body
// must be JSON (a Content-Type other than application/json is refused even on an empty
// body). Only the routes in `exempt` (server-to-server, signed) skip it.
import { createMiddleware } from 'hono/factory'
import { errorBody } from '../../common/error-codes.ts'
import { appMessages } from '../../common/messages.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a request carries a body (a length above zero, or a chunked one). */
export function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length')
  if (length !== null) return length.trim() !== '0'
  return headers.has('transfer-encoding')
}

/** A body that is declared (Content-Type) or sent must be JSON; no body at all is fine. */
function jsonOrNoBody(headers: Headers): boolean {
  const type = headers.get('content-type')
  if (type === null) return !hasBody(headers)
  return type.split(';')[0]!.trim().toLowerCase() === 'application/json'
}

/** Whether the request says it comes from `origin`, the app's own. */
function fromOwnOrigin(headers: Headers, origin: string): boolean {
  const sent = headers.get('origin')
  if (sent !== null) return sent === origin
  return headers.get('sec-fetch-site') === 'same-origin'
}

/**
 * `baseUrl` is BASE_URL; `exempt` lists "METHOD /path" entries (full paths) that skip the checks;
 * `carriesNoCookie` says a request is authenticated without a cookie (an API token, ADR 0019): a
 * browser cannot be tricked into sending it, so the Origin rule does not apply (the JSON rule does).
 */
export const crossSiteProtection = (opts: {
  baseUrl: string
  exempt?: string[]
  carriesNoCookie?: (headers: Headers) => boolean
}) => {
  const origin = new URL(opts.baseUrl).origin
  const exempt = new Set(opts.exempt ?? [])
  return createMiddleware(async (c, next) => {
    const method = c.req.method.toUpperCase()
    if (SAFE_METHODS.has(method) || exempt.has(`${method} ${c.req.path}`)) return next()
    const headers = c.req.raw.headers
    if (!fromOwnOrigin(headers, origin) && !opts.carriesNoCookie?.(headers))
      return c.json(errorBody(appMessages.crossSiteRefused, 'cross_site'), 403)
    if (!jsonOrNoBody(headers)) return c.json(errorBody(appMessages.jsonBodyRequired, 'json_required'), 415)
    return next()
  })
}
