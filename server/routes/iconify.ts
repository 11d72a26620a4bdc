// The Iconify-compatible endpoint (ADR 0021), under /api/iconify/<token>/:
//   GET <prefix>.json?icons=a,b   IconifyJSON (icons, aliases, lastModified, not_found)
//   GET <prefix>/<name>.svg       one icon (image/svg+xml, sandboxed)
//   GET collections               IconifyInfo by prefix of the projects the token reaches
//   GET last-modified?prefixes=   { lastModified: { prefix: unix seconds } }
//   OPTIONS any of them            the CORS preflight of a GET (custom callers that send headers)
// so that `addAPIProvider('team', { resources: ['https://host/api/iconify/<token>'] })` serves
// `@team:prefix:name`. The token (read or write) is in the path: only reads are routed here, so it is
// read-only by construction; it is checked on every request (a revoked one is refused at once), counted
// in the token's one budget with its bearer calls (rate-limit.ts tokenBudget), and redacted from every log line (request-log.ts). No cookie is read:
// any origin may fetch these answers (Access-Control-Allow-Origin: *). Answers are kept per project
// list stamp with a strong ETag (Cache-Control: private, 304 on If-None-Match: compress-json.ts), and
// once answered, sent again without the database or Hono by the fast path (server/iconify-fast-path.ts) until a
// change note or a write says they may have changed (cache/iconify-answers.ts). A prefix that several
// reachable projects carry answers the user's project (the pinned one, else personal first, then the
// workspace joined first; domain/iconify/iconify-prefix-choice.ts); while the user has not chosen, its answers
// say so (`x-iconify-prefix-ambiguous`, and `ambiguous` in collections).
import { type Context, Hono } from 'hono'
import { type ErrorCode, errorBody } from '../../common/error-codes.ts'
import { isIconifyPrefix } from '../../common/iconify-prefix.ts'
import { appMessages, iconifyMessages } from '../../common/messages.ts'
import * as schema from '../../common/schemas/iconify.ts'
import { iconifyAnswers } from '../cache/iconify-answers.ts'
import { type KeptAnswer, keptAnswer } from '../cache/kept-answer.ts'
import { tokenUser } from '../domain/accounts/api-tokens.ts'
import type { Deps } from '../domain/deps.ts'
import { notFound } from '../domain/errors.ts'
import { type IconifyProject, reachableProjects } from '../domain/iconify/iconify-projects.ts'
import {
  collectionsAnswer,
  iconsAnswer,
  lastModified,
  MAX_NAMES,
  svgAnswer,
} from '../domain/iconify/iconify-sets.ts'
import type { AppEnv } from '../middleware/session.ts'
import { describe, parameter } from './describe.ts'

/** What any origin may read of these answers (no cookie is ever used: nothing to steal). */
const CORS = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' }
const JSON_TYPE = { 'content-type': 'application/json' }
/** On the answers of a prefix several reachable projects carry (how many), readable by the page. */
const AMBIGUOUS = 'x-iconify-prefix-ambiguous'
const ambiguity = (project: IconifyProject): Record<string, string> =>
  project.ambiguous
    ? { [AMBIGUOUS]: String(project.ambiguous.length), 'access-control-expose-headers': AMBIGUOUS }
    : {}
/** One icon's SVG: an image that can never run script, even opened on its own. */
const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
}

/** How each GET is described in GET /api/openapi.json: the token is in the path, not a bearer header. */
const ICONIFY_ERRORS: ErrorCode[] = [
  'token_invalid',
  'token_expired',
  'token_revoked',
  'not_found',
  'rate_limited',
]
const token = parameter('path', 'token', schema.iconifyToken)
const prefix = parameter('path', 'prefix', schema.iconifyPrefix)
const json = (description: string) => ({ description, type: 'application/json', schema: { type: 'object' } })
const iconify = (
  operationId: string,
  summary: string,
  answer: ReturnType<typeof json>,
  parameters = [token],
) =>
  describe({
    tag: 'Iconify',
    operationId,
    summary,
    answer,
    parameters,
    errors: ICONIFY_ERRORS,
    only: true,
    noBearer: true,
  })
const queryOf = (query: typeof schema.iconifyIconsQuery | typeof schema.iconifyLastModifiedQuery) =>
  Object.entries(query.shape).map(([name, field]) => parameter('query', name, field, false))

/** Names of a comma-separated query value (icons=, prefixes=). */
const namesOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
/** Prefixes asked for, at most MAX_NAMES (icon names beyond it are answered as not_found: iconify-sets.ts). */
const listOf = (value: string | undefined) => namesOf(value).slice(0, MAX_NAMES)

export function iconifyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  // Shared with the fast path that sends kept answers again (server/iconify-fast-path.ts).
  const { perToken } = iconifyAnswers(deps.db)

  // The CORS preflight of a caller that sends headers of its own: any origin may GET, with the headers
  // it asks for. Answered before the token is read: it reveals nothing, and the GET checks the token.
  app.options('/:token/*', (c) => {
    const asked = c.req.header('access-control-request-headers')
    return c.body(null, 204, {
      ...CORS,
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      ...(asked ? { 'access-control-allow-headers': asked } : {}),
      'access-control-max-age': '86400',
      vary: 'Access-Control-Request-Headers',
    })
  })

  // Errors too (401, 404, 429): the page's script can read why instead of meeting a CORS failure.
  app.use('/:token/*', async (c, next) => {
    await next()
    try {
      for (const [name, value] of Object.entries(CORS)) c.res.headers.set(name, value)
    } catch {
      c.res = new Response(c.res.body, c.res) // immutable headers: copied once
      for (const [name, value] of Object.entries(CORS)) c.res.headers.set(name, value)
    }
  })
  app.use('/:token/*', async (c, next) => {
    const now = Date.now()
    const user = await tokenUser(deps.db, c.req.param('token'), now)
    const token = user.token!
    const wait = perToken.take(token.id)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json(errorBody(appMessages.tooManyRequests, 'rate_limited'), 429)
    }
    c.set('user', user)
    // What the fast path needs to send this answer again (middleware/iconify-keep.ts).
    c.set('iconifyGrant', { tokenId: token.id, userId: user.id, expiresAt: token.expires_at, usedAt: now })
    await next()
  })

  /** A kept answer (compress-json sends it: ETag, 304, compression, Cache-Control: private). */
  const kept = (c: Context<AppEnv>, answer: KeptAnswer, type: Record<string, string> = JSON_TYPE) => {
    c.set('keptAnswer', answer)
    return c.body(answer.body, 200, { ...type, ...CORS })
  }

  const projectOf = async (c: Context<AppEnv>, prefix: string) => {
    const found = isIconifyPrefix(prefix)
      ? (await reachableProjects(deps.db, c.get('user')!, [prefix])).get(prefix)
      : undefined
    if (!found) throw notFound(iconifyMessages.prefixNotFound)
    return found
  }

  app.get(
    '/:token/collections',
    iconify(
      'getIconifyCollections',
      'IconifyInfo by prefix of every project the token reaches; a prefix several projects share, none chosen: ambiguous: true, projects',
      json('{ <prefix>: IconifyInfo }'),
    ),
    async (c) => {
      const projects = await reachableProjects(deps.db, c.get('user')!)
      return kept(c, await collectionsAnswer(deps.db, [...projects.values()]))
    },
  )

  app.get(
    '/:token/last-modified',
    iconify(
      'getIconifyLastModified',
      'When each set last changed: { lastModified: { <prefix>: unix seconds } }',
      json('{ lastModified }'),
      [token, ...queryOf(schema.iconifyLastModifiedQuery)],
    ),
    async (c) => {
      const asked = c.req.query('prefixes')
      const prefixes = asked === undefined ? undefined : listOf(asked).filter(isIconifyPrefix)
      const projects: IconifyProject[] = [
        ...(await reachableProjects(deps.db, c.get('user')!, prefixes)).values(),
      ]
      const times = await Promise.all(projects.map((p) => lastModified(deps.db, p)))
      const body = { lastModified: Object.fromEntries(projects.map((p, i) => [p.prefix, times[i]])) }
      return kept(c, keptAnswer(body))
    },
  )

  // Hono's parameter holds the suffix too: `/:token/:prefix{…\.json}` is OpenAPI's `/{token}/{prefix}.json`.
  app.get(
    '/:token/:prefix{[^/]+\\.json}',
    iconify(
      'getIconifyIcons',
      'IconifyJSON of the icons asked for: { prefix, lastModified, icons, aliases?, not_found? } (Cache-Control: private, ETag)',
      json('IconifyJSON'),
      [token, prefix, ...queryOf(schema.iconifyIconsQuery)],
    ),
    async (c) => {
      const project = await projectOf(c, c.req.param('prefix').slice(0, -'.json'.length))
      const answer = await iconsAnswer(deps.db, project, namesOf(c.req.query('icons')))
      return kept(c, answer, { ...JSON_TYPE, ...ambiguity(project) })
    },
  )

  app.get(
    '/:token/:prefix/:name{[^/]+\\.svg}',
    iconify(
      'getIconifySvg',
      'One icon as an SVG image (sandboxed)',
      { description: 'The SVG', type: 'image/svg+xml', schema: { type: 'string' } },
      [token, prefix, parameter('path', 'name', schema.iconifyName)],
    ),
    async (c) => {
      const project = await projectOf(c, c.req.param('prefix'))
      const answer = await svgAnswer(deps.db, project, c.req.param('name').slice(0, -'.svg'.length))
      if (!answer) throw notFound(iconifyMessages.iconNotFound)
      return kept(c, answer, { ...SVG_HEADERS, ...ambiguity(project) })
    },
  )

  return app
}
