// requireAccess(action, locate): resolves where a request acts (personal or a workspace,
// via `locate`, which answers 404 for what the caller may not see), checks the action
// against common/permissions.ts (403 otherwise) and leaves the scope in c.var.scope.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { appMessages } from '../../common/messages.ts'
import type { Action } from '../../common/permissions.ts'
import type { SessionUser } from '../auth/session-user.ts'
import { assertCan, type Scope } from '../domain/access.ts'
import type { Actor } from '../domain/deps.ts'
import { forbidden, signedOut } from '../domain/errors.ts'
import type { AppEnv } from './session.ts'

export type Locate = (c: Context, actor: Actor) => Promise<Scope>

export const requireAccess = (action: Action, locate: Locate) =>
  createMiddleware<AppEnv & { Variables: { scope: Scope } }>(async (c, next) => {
    const user = c.get('user')
    if (!user) throw signedOut()
    // An API token narrows the one table (ADR 0019): one limited to projects creates none (it could
    // not reach it). A read token's limit is its method, checked once at the door (api-token.ts).
    if (user.token?.project_ids && action === 'project:create')
      throw forbidden(appMessages.tokenNotAllowed, 'token_not_allowed')
    const scope = await locate(c, user)
    assertCan(scope, action)
    c.set('scope', scope)
    await next()
  })

/** The signed-in caller (requireUser has run). */
export const actorOf = (c: { var: { user: SessionUser | null } }): Actor => {
  const user = c.var.user
  if (!user) throw signedOut()
  return user
}
