// API tokens on the wire (ADR 0019): `Authorization: Bearer <token>` is another way to set
// c.var.user. `tokenGate` (mounted first on /api) refuses a request carrying both a token and a cookie
// (400) and a token sent to what no token may reach (account, billing, session, tokens, sign-in:
// 403 token_not_allowed); `tokenLoad` (instead of the session's load) resolves the token (401
// token_invalid / token_expired / token_revoked), limits requests per token (one budget with the
// Iconify endpoint: tokenBudget), lets a read token only GET and HEAD (403 token_read_only), and keeps
// a token limited to projects off the routes that span all of its user's projects (sync, live
// events, workspaces, usage).
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { errorBody } from '../../common/error-codes.ts'
import { appMessages } from '../../common/messages.ts'
import type { Db } from '../db/client.ts'
import { tokenUser } from '../domain/accounts/api-tokens.ts'
import { badRequest, forbidden } from '../domain/errors.ts'
import { type FixedWindow, tokenBudget } from './rate-limit.ts'
import type { AppEnv } from './session.ts'

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** The bearer token of a request, or null without one. */
export const bearerOf = (headers: Headers): string | null => {
  const value = headers.get('authorization')
  return value === null ? null : (BEARER.exec(value)?.[1] ?? null)
}

/** Whether a request is authenticated by an API token alone (no cookie): exempt from the Origin rule. */
export const bearerOnly = (headers: Headers): boolean => bearerOf(headers) !== null && !headers.has('cookie')

/** Routes no token may reach: account, billing and credits, the session, tokens, sign-in, AI spending. */
const NEVER = ['/api/auth', '/api/billing', '/api/credits', '/api/me', '/api/tokens', '/api/maker']
/** Routes that span every project of the user: not for a token limited to some projects. */
const ALL_PROJECTS = ['/api/sync', '/api/events', '/api/workspaces', '/api/usage']

const under = (path: string, roots: string[]) => roots.some((r) => path === r || path.startsWith(`${r}/`))

const notAllowed = () => forbidden(appMessages.tokenNotAllowed, 'token_not_allowed')

export const tokenGate = createMiddleware(async (c, next) => {
  const headers = c.req.raw.headers
  if (bearerOf(headers) === null) return next()
  if (headers.has('cookie')) throw badRequest(appMessages.tokenWithCookie)
  if (under(c.req.path, NEVER)) throw notAllowed()
  await next()
})

/** `perToken`: the token's budget, shared with the Iconify endpoint (rate-limit.ts tokenBudget). */
export function tokenLoad(db: Db, perToken: FixedWindow = tokenBudget(db)) {
  return createMiddleware<AppEnv>(async (c: Context<AppEnv>, next) => {
    const user = await tokenUser(db, bearerOf(c.req.raw.headers) ?? '')
    const grant = user.token!
    const wait = perToken.take(grant.id)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json(errorBody(appMessages.tooManyRequests, 'rate_limited'), 429)
    }
    // The one check of a read token (ADR 0031): every route, whether it names an action or not
    // (creating a workspace, accepting an invitation do not), is refused to it unless the request
    // only reads.
    const method = c.req.method
    if (grant.scope === 'read' && method !== 'GET' && method !== 'HEAD')
      throw forbidden(appMessages.tokenReadOnly, 'token_read_only')
    if (grant.project_ids && under(c.req.path, ALL_PROJECTS)) throw notAllowed()
    c.set('user', user)
    await next()
  })
}
