// The Hono app: middleware, route mounting, and the one error shape `{ error, code }` (ADR 0004).
import { isAPIError } from 'better-auth/api'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { codeForStatus, errorBody } from '../common/error-codes.ts'
import { MAX_REQUEST_BODY_BYTES } from '../common/icon-limits.ts'
import { appMessages } from '../common/messages.ts'
import type { Auth } from './auth/auth.ts'
import { settlePlan } from './billing/settle-plan.ts'
import { type KeptAnswer, keptAnswer } from './cache/kept-answer.ts'
import { sessionAnswers } from './cache/session-answers.ts'
import { processMark } from './cache/wrote-elsewhere.ts'
import type { Store } from './db/client.ts'
import { isConnectionError } from './db/connection-errors.ts'
import { isUniqueViolation } from './db/unique-violation.ts'
import type { Deps } from './domain/deps.ts'
import { ApiError } from './domain/errors.ts'
import type { Logger } from './log/log.ts'
import { bearerOf, bearerOnly, tokenGate, tokenLoad } from './middleware/api-token.ts'
import { clientAddress } from './middleware/client-ip.ts'
import { answerKept, compressJson } from './middleware/compress-json.ts'
import { closeUnreadBodies } from './middleware/connection-close.ts'
import { crossSiteProtection } from './middleware/csrf.ts'
import { keepIconifyAnswers } from './middleware/iconify-keep.ts'
import { keepProjectLists } from './middleware/project-lists.ts'
import { loggedPath, requestLog } from './middleware/request-log.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { type AppEnv, sessionMiddleware, sessionTokenOf } from './middleware/session.ts'
import { keepSessionAnswers } from './middleware/session-keep.ts'
import { writeFirst } from './middleware/write-first.ts'
import { authRoutes } from './routes/auth.ts'
import { billingRoutes } from './routes/billing.ts'
import { creditsRoutes } from './routes/credits.ts'
import { eventRoutes } from './routes/events.ts'
import { healthRoutes } from './routes/health.ts'
import { iconCheckRoutes } from './routes/icon-checks.ts'
import { iconHistoryRoutes } from './routes/icon-history.ts'
import { iconSearchRoutes } from './routes/icon-search.ts'
import { iconifyRoutes } from './routes/iconify.ts'
import { iconRoutes } from './routes/icons.ts'
import { makerRoutes } from './routes/maker.ts'
import { meRoutes } from './routes/me.ts'
import { openApiDocument } from './routes/openapi.ts'
import { projectAliasRoutes } from './routes/project-aliases.ts'
import { projectReleaseRoutes } from './routes/project-releases.ts'
import { projectRoutes } from './routes/projects.ts'
import { reviewRoutes } from './routes/reviews.ts'
import { syncRoutes } from './routes/sync.ts'
import { tokenRoutes } from './routes/tokens.ts'
import { usageRoutes } from './routes/usage.ts'
import { workspaceRoutes } from './routes/workspaces.ts'
import { mountSpa } from './static.ts'

/** The one route exempt from the cross-site checks (signed by Stripe, sent by Stripe's servers). */
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook'

/** The API's version in GET /api/openapi.json. */
const API_VERSION = '1.0.0'

export type AppDeps = { auth: Auth; store: Store; deps: Deps; logger: Logger; clientDir?: string }

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  // A request id from the proxy is kept only when the proxy is trusted (TRUST_PROXY).
  app.use(requestLog(deps.logger, { trustRequestId: deps.deps.config.trustProxy > 0 }))
  app.use(securityHeaders())
  app.use(closeUnreadBodies())
  // A writing request's database calls go before waiting reads (write-first.ts, ADR 0417).
  app.use(writeFirst())

  const api = new Hono<AppEnv>()
  api.use(clientAddress(deps.deps.config.trustProxy)) // behind TRUST_PROXY proxies (ADR 0006)
  // API tokens (ADR 0019): never with a cookie, never on account, billing, session, token or sign-in routes.
  api.use(tokenGate)
  // Unsafe methods only from this app's own pages, with JSON bodies (ADR 0006); Stripe's
  // webhook is server to server and authenticated by its signature instead.
  api.use(
    crossSiteProtection({
      baseUrl: deps.deps.config.baseUrl,
      exempt: [`POST ${STRIPE_WEBHOOK_PATH}`],
      carriesNoCookie: bearerOnly, // an API token and no cookie: no browser sent it on its own
    }),
  )
  const limitBody = bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: (c) => c.json(errorBody(appMessages.bodyTooLarge, 'too_large'), 413),
  })
  // A GET's body is never read (and asking for it would build a whole fetch Request per GET).
  api.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))
  // Iconify answers as sent, for the fast path that sends them again (iconify-keep.ts, ADR 0021); any
  // write answered here forgets them.
  api.use(keepIconifyAnswers(deps.store.db, deps.deps.events))
  // A session's answers of /api/me, /api/projects and icon lists as sent, for the fast path that sends
  // them again (session-keep.ts, ADR 0416); any write answered here forgets them.
  api.use(keepSessionAnswers(deps.store.db, deps.deps.events))
  // ETag/304 and brotli/gzip for JSON answers (compress-json.ts); a GET with an ETag may be kept
  // by the browser but revalidated every time, everything else is never stored.
  api.use(compressJson())
  api.use(async (c, next) => {
    await next()
    // A kept answer gets its own Cache-Control from compress-json.
    if (c.get('keptAnswer')) return
    try {
      c.res.headers.set('Cache-Control', 'no-store')
    } catch {
      c.header('Cache-Control', 'no-store') // immutable headers: Hono answers with a copy
    }
  })
  // Sessions of GETs from a short-lived cache, forgotten when a request may have changed them (ADR 0303).
  const session = sessionMiddleware(deps.auth, deps.deps.events, {
    clearsAll: STRIPE_WEBHOOK_PATH,
    cache: sessionAnswers(deps.store.db).sessions, // shared with the fast path (session-fast-path.ts)
    // Other processes may share a Postgres database: a session's write tells them (ADR 0418).
    writeMark: deps.store.kind === 'postgres' ? processMark(deps.store.db) : undefined,
  })
  api.use(session.forgetOnWrite)
  // Project lists kept per user while change notes say nothing changed (project-list-cache.ts).
  api.use(keepProjectLists(deps.store.db, deps.deps.events))
  api.route('/auth', authRoutes(deps.auth))
  api.route('/health', healthRoutes(deps.store))
  // The OpenAPI 3.1 description of the routes a token can call, public, generated from the described
  // routes once all are mounted (at its first request, ADR 0029), then kept.
  let openApi: Promise<KeptAnswer> | undefined
  api.get('/openapi.json', async (c) => {
    openApi ??= openApiDocument(app as unknown as Hono<never>, API_VERSION).then((doc) => keptAnswer(doc))
    return answerKept(c, await openApi)
  })
  // The Iconify endpoint (ADR 0021): its token is in the path; no session or cookie is read.
  api.route('/iconify', iconifyRoutes(deps.deps))
  // The user: from an API token (Authorization: Bearer), else from the session cookie.
  const tokens = tokenLoad(deps.deps.db)
  api.use((c, next) => (bearerOf(c.req.raw.headers) === null ? session.load(c, next) : tokens(c, next)))
  // A signed-in user is about to need the SVG pool (after a restart a first icon list sanitises its
  // markup there): its first worker starts now (~250 ms), not once the first icons wait for it.
  // Until then the server idles without one (ADR 0304's idle memory).
  api.use(async (c, next) => {
    if (c.get('user')) deps.deps.svg.warm()
    await next()
  })
  api.use(settlePlan(deps.store))
  api.route('/billing', billingRoutes(deps.auth))
  api.route('/credits', creditsRoutes(deps.store))
  api.route('/me', meRoutes)
  api.route('/tokens', tokenRoutes(deps.deps))
  // The review gate (ADR 0112): /api/icons/review, /api/icons/reviews, /api/workspaces/review-queue.
  api.route('/', reviewRoutes(deps.deps))
  api.route('/workspaces', workspaceRoutes(deps.deps))
  // A project's aliases before the projects router: /api/projects/aliases*.
  api.route('/projects', projectAliasRoutes(deps.deps))
  api.route('/projects', projectReleaseRoutes(deps.deps)) // release, releases, release-preview, export
  api.route('/projects', projectRoutes(deps.deps))
  api.route('/icons', iconSearchRoutes(deps.deps)) // GET /api/icons/search
  api.route('/icons', iconCheckRoutes(deps.deps)) // GET /api/icons/checks, POST /api/icons/check-rules
  api.route('/icons', iconHistoryRoutes(deps.deps)) // history, restore, replace, deleted, undelete
  api.route('/icons', iconRoutes(deps.deps))
  api.route('/sync', syncRoutes(deps.deps))
  api.route('/usage', usageRoutes(deps.deps))
  api.route('/maker', makerRoutes(deps.deps))
  api.route('/events', eventRoutes(deps.deps.events))
  api.all('*', (c) => c.json(errorBody(appMessages.apiNotFound, 'not_found'), 404))

  app.route('/api', api)
  // A signed-in browser's navigation: its first API request (a new device's first screen, whose
  // markup is sanitised in the pool) comes ~0.2–0.5 s later, so the pool's first worker starts now.
  // Only the cookie's presence is looked at; warm() starts one worker at most (ADR 0102).
  mountSpa(app as unknown as Hono, deps.clientDir, (c) => {
    if (sessionTokenOf(c.req.header('cookie'))) deps.deps.svg.warm()
  })

  app.onError((err, c) => {
    if (err instanceof ApiError)
      return c.json({ ...err.details, ...errorBody(err.message, err.code) }, err.status, err.headers)
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody(err.message || appMessages.apiNotFound, codeForStatus(err.status)), err.status)
    }
    // The database could not be reached (a restart, a failover, its thread restarting): the client
    // retries; readiness reports it meanwhile (ADR 0306). better-auth answers a failed session read
    // with a 500 of its own that drops the cause: while a connection is known lost, that is what it was.
    const authHidesLoss =
      isAPIError(err) && err.statusCode === 500 && deps.store.lastLoss() >= deps.store.lastAnswer()
    // A write that clashed with a row no check foresaw (two writers at once, an id used before): the
    // request conflicts with what exists, it is not the server's failure (ADR 0004).
    if (isUniqueViolation(err)) {
      deps.logger.warn(
        { err, reqId: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) },
        'unique violation answered 409',
      )
      return c.json(errorBody(appMessages.alreadyExists, 'conflict'), 409)
    }
    if (isConnectionError(err) || authHidesLoss) {
      deps.logger.warn(
        { err, reqId: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) },
        'database unavailable',
      )
      return c.json(errorBody(appMessages.databaseUnavailable, 'unavailable'), 503, { 'Retry-After': '1' })
    }
    deps.logger.error(
      { err, reqId: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) },
      'unhandled error',
    )
    return c.json(errorBody(appMessages.internalError, 'internal'), 500)
  })
  app.notFound((c) => c.json(errorBody(appMessages.apiNotFound, 'not_found'), 404))
  return app
}
