// /api/tokens/*: personal API tokens (ADR 0019). A session cookie only: the token gate
// (middleware/api-token.ts) refuses any bearer token here, so a token never makes or lists tokens.
import { Hono } from 'hono'
import * as s from '../../common/schemas/tokens.ts'
import { createApiToken, listApiTokens, revokeApiToken } from '../domain/accounts/api-tokens.ts'
import type { Deps } from '../domain/deps.ts'
import { listTokenPrefixes, pinPrefix } from '../domain/iconify/iconify-pins.ts'
import { actorOf } from '../middleware/access.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

export function tokenRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)

  // GET /api/tokens: the caller's tokens (never the secret), newest first.
  app.get('/', async (c) => c.json({ data: await listApiTokens(deps.db, actorOf(c)) }))

  // POST /api/tokens/create: answers the token once; only its sha256 is kept.
  app.post('/create', validate(s.createTokenBody), async (c) =>
    c.json({ data: await createApiToken(deps.db, actorOf(c), c.get('body')) }),
  )

  // POST /api/tokens/revoke: the next request with the token gets 401 token_revoked.
  app.post('/revoke', validate(s.revokeTokenBody), async (c) =>
    c.json({ data: await revokeApiToken(deps.db, actorOf(c), c.get('body').id) }),
  )
  // GET /api/tokens/prefixes: the Iconify prefixes the caller's tokens reach, and what answers each.
  app.get('/prefixes', async (c) => c.json({ data: await listTokenPrefixes(deps.db, actorOf(c)) }))

  // POST /api/tokens/pin-prefix: the caller chooses the project a shared Iconify prefix answers.
  app.post('/pin-prefix', validate(s.pinPrefixBody), async (c) =>
    c.json({ data: await pinPrefix(deps.db, actorOf(c), c.get('body')) }),
  )
  return app
}
