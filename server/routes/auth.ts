// /api/auth/*: better-auth behind two adapters. Requests get the socket's client IP, and
// their JSON fields pass the shared field checks first (e-mail addresses, control characters at any
// depth, update-user's field types);
// answers get the API's one error shape `{ error, code }` (empty 404s and 405s included; the code
// our own refusals inside better-auth carry, else the status's), a failed
// magic-link verification answers 400 instead of redirecting to the landing page, and one sent with a
// live session 409 without touching the link (login CSRF: the page asks before signing out).
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { codeForStatus, type ErrorCode, errorBody, isErrorCode } from '../../common/error-codes.ts'
import { appMessages, messages } from '../../common/messages.ts'
import { emailAddress, isCleanText } from '../../common/schemas/fields.ts'
import type { Auth } from '../auth/auth.ts'
import { badRequest } from '../domain/errors.ts'
import { withClientIp } from '../middleware/client-ip.ts'
import { magicLinkLimits } from '../middleware/rate-limit.ts'

export function authRoutes(auth: Auth) {
  const app = new Hono()
  // POST /api/auth/sign-in/magic-link: limited per client address and per target e-mail (429).
  app.post('/sign-in/magic-link', magicLinkLimits())
  // GET /api/auth/magic-link/verify: never switches a browser that is signed in (409; ADR 0013).
  app.get('/magic-link/verify', async (c, next) => {
    const session = hasSessionCookie(c.req.header('cookie'))
      ? await auth.api.getSession({ headers: c.req.raw.headers })
      : null
    if (session) return c.json(errorBody(appMessages.magicLinkWhileSignedIn, 'conflict'), 409)
    return next()
  })
  // POST /api/auth/* and GET /api/auth/*: everything better-auth serves.
  app.on(['GET', 'POST'], '/*', checkFields, async (c) => {
    const res = await auth.handler(withClientIp(c))
    return normalize(c.req.path, res)
  })
  // Any other method: better-auth serves none.
  app.all('/*', (c) => c.json(errorBody(appMessages.methodNotAllowed, 'method_not_allowed'), 405))
  return app
}

/**
 * Refuses, before better-auth or any mail code sees them, a JSON body whose `email` is not a
 * valid address of at most 254 characters, or whose text fields hold control characters.
 * Reads a copy of the body: better-auth still reads the original.
 */
const checkFields = createMiddleware(async (c, next) => {
  if (c.req.method !== 'POST' || !c.req.header('content-type')?.includes('application/json')) return next()
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => null)
  if (!body || typeof body !== 'object' || Array.isArray(body)) return next()
  if (c.req.path.endsWith('/update-user')) checkUserFields(body as Record<string, unknown>)
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') {
      if (!textsAreClean(value)) throw badRequest(appMessages.controlCharacters)
      continue
    }
    if (key === 'email') {
      const parsed = emailAddress.safeParse(value)
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? appMessages.invalidEmail)
    } else if (!isCleanText(value)) {
      throw badRequest(appMessages.controlCharacters)
    }
  }
  return next()
})

const hasSessionCookie = (cookie: string | undefined) =>
  /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(cookie ?? '')

/**
 * update-user's own fields: better-auth stores whatever it is given (an array as its text, a null
 * name answers 500), so their types are checked here.
 */
function checkUserFields(body: Record<string, unknown>) {
  if ('name' in body && typeof body.name !== 'string') throw badRequest(appMessages.nameMustBeText)
  if ('image' in body && body.image !== null && typeof body.image !== 'string') {
    throw badRequest(appMessages.imageMustBeText)
  }
}

/** Whether every string inside arrays and objects is clean text too (NUL would reach the database). */
function textsAreClean(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isCleanText(value)
  if (!value || typeof value !== 'object' || depth > 8) return true
  return Object.values(value).every((inner) => textsAreClean(inner, depth + 1))
}

/** better-auth's codes a client acts on, as codes of the closed list. */
const BETTER_AUTH_CODES: Record<string, ErrorCode> = {
  // delete-user with a session older than its fresh age: sign in again first.
  SESSION_EXPIRED: 'fresh_sign_in_required',
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
  if (res.status < 400) return res
  const body = res.headers.get('content-type')?.includes('application/json')
    ? ((await res
        .clone()
        .json()
        .catch(() => null)) as { message?: unknown; error?: unknown; code?: unknown } | null)
    : null
  // better-auth's own codes (INVALID_TOKEN, …) are not ours: only a code of the closed list is kept,
  // and the one a client acts on is translated (ADR 0030).
  const code = isErrorCode(body?.code)
    ? body.code
    : typeof body?.code === 'string'
      ? BETTER_AUTH_CODES[body.code]
      : undefined
  if (typeof body?.error === 'string' && body.error) return errorResponse(res, res.status, body.error, code)
  const message =
    typeof body?.message === 'string' && body.message ? body.message : fallbackMessage(res.status)
  return errorResponse(res, res.status, message, code)
}

/** What an error without a message of its own says (better-auth answers unknown paths with an empty 404). */
const fallbackMessages: Record<number, string> = {
  401: appMessages.signedOut,
  403: messages.notAuthorized,
  404: appMessages.apiNotFound,
  405: appMessages.methodNotAllowed,
  413: appMessages.bodyTooLarge,
  415: appMessages.jsonBodyRequired,
}
const fallbackMessage = (status: number) =>
  fallbackMessages[status] ?? (status >= 500 ? appMessages.internalError : appMessages.requestFailed)

function errorResponse(from: Response, status: number, message: string, code?: ErrorCode): Response {
  const headers = new Headers(from.headers)
  headers.delete('location')
  headers.delete('content-length')
  headers.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(errorBody(message, code ?? codeForStatus(status))), { status, headers })
}
