// /api/auth/*: better-auth behind two adapters. Requests get the socket's client IP;
// answers get the API's one error shape `{ error }`, and a failed magic-link
// verification answers 400 instead of redirecting to the landing page.
import { Hono } from 'hono'
import { appMessages } from '../../common/messages.ts'
import type { Auth } from '../auth.ts'
import { withClientIp } from '../middleware/client-ip.ts'

export function authRoutes(auth: Auth) {
  const app = new Hono()
  // POST /api/auth/* and GET /api/auth/*: everything better-auth serves.
  app.on(['GET', 'POST'], '/*', async (c) => {
    const res = await auth.handler(withClientIp(c))
    return normalize(c.req.path, res)
  })
  return app
}

async function normalize(path: string, res: Response): Promise<Response> {
  if (path.endsWith('/magic-link/verify') && res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location') ?? ''
    if (location.includes('error=')) return errorResponse(res, 400, appMessages.magicLinkInvalid)
  }
  if (res.status === 429) {
    const retry = res.headers.get('x-retry-after')
    const out = errorResponse(res, 429, appMessages.tooManyRequests)
    if (retry) out.headers.set('retry-after', retry)
    return out
  }
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; error?: unknown } | null
  const message = typeof body?.message === 'string' && body.message ? body.message : undefined
  if (!message || typeof body?.error === 'string') return res
  return errorResponse(res, res.status, message)
}

function errorResponse(from: Response, status: number, message: string): Response {
  const headers = new Headers(from.headers)
  headers.delete('location')
  headers.delete('content-length')
  headers.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify({ error: message }), { status, headers })
}
