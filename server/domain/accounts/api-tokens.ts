// Personal API tokens (ADR 0019): created from a session only, shown once, stored as
// their sha256, listed without the secret, revoked at once. `tokenUser` turns a bearer token into
// the user it acts for, refusing an unknown (token_invalid), expired (token_expired) or revoked
// (token_revoked) one with a 401 of its own code.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import type { Plan, SubscriptionStatus } from '../../../common/plans.ts'
import {
  type ApiTokenRow,
  type CreateTokenBody,
  MAX_ACTIVE_TOKENS,
  TOKEN_PREFIX,
  type TokenScope,
} from '../../../common/schemas/tokens.ts'
import type { SessionUser } from '../../auth/session-user.ts'
import type { Db } from '../../db/client.ts'
import { apiTokens, user } from '../../db/schema/index.ts'
import { projectScope } from '../access.ts'
import type { Actor } from '../deps.ts'
import { ApiError, forbidden, notFound } from '../errors.ts'

/** last_used_at is written at most this often per token (not once per request). */
export const LAST_USED_EVERY_MS = 60_000

/** The sha256 of a token (hex): the only form it is kept in. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** A new token: the prefix and 32 random bytes, base64url. */
const newToken = (): string => TOKEN_PREFIX + randomBytes(32).toString('base64url')

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null)

/**
 * Creates a token for the caller; every listed project must be one they may see (404 otherwise).
 * At most MAX_ACTIVE_TOKENS live (not revoked, not expired) at once: the next is refused with 403
 * quota_reached, counted under a lock of the user's row so two requests cannot both pass the last.
 */
export async function createApiToken(
  db: Db,
  actor: Actor,
  body: CreateTokenBody,
): Promise<{ id: string; token: string }> {
  for (const projectId of body.project_ids ?? []) await projectScope(db, actor, projectId)
  const id = randomUUID()
  const token = newToken()
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for('update')
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.user_id, actor.id),
          isNull(apiTokens.revoked_at),
          or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, new Date())),
        ),
      )
    if (Number(live?.n ?? 0) >= MAX_ACTIVE_TOKENS)
      throw forbidden(appMessages.tooManyTokens(MAX_ACTIVE_TOKENS), 'quota_reached')
    await tx.insert(apiTokens).values({
      id,
      user_id: actor.id,
      name: body.name,
      scope: body.scope,
      project_ids: body.project_ids,
      token_hash: hashToken(token),
      expires_at: body.expires_at ? new Date(body.expires_at) : null,
    })
  })
  return { id, token }
}

/** The caller's tokens not revoked, newest first (expired ones too: their expiry shows). */
export async function listApiTokens(db: Db, actor: Actor): Promise<ApiTokenRow[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.user_id, actor.id), isNull(apiTokens.revoked_at)))
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scope: r.scope as TokenScope,
    project_ids: r.project_ids ?? null,
    expires_at: iso(r.expires_at),
    created_at: r.created_at.toISOString(),
    last_used_at: iso(r.last_used_at),
  }))
}

/** Revokes one of the caller's tokens: the next request with it is refused (token_revoked). */
export async function revokeApiToken(db: Db, actor: Actor, id: string): Promise<{ id: string }> {
  const done = await db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.user_id, actor.id), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id })
  if (done.length === 0) throw notFound(appMessages.tokenNotFound)
  return { id }
}

/** The user a bearer token acts for, with its grant; a 401 with the reason's code otherwise. */
export async function tokenUser(db: Db, token: string, now = Date.now()): Promise<SessionUser> {
  const invalid = new ApiError(401, appMessages.tokenInvalid, undefined, 'token_invalid')
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) throw invalid
  const [row] = await db
    .select({ token: apiTokens, user })
    .from(apiTokens)
    .innerJoin(user, eq(user.id, apiTokens.user_id))
    .where(eq(apiTokens.token_hash, hashToken(token)))
  if (!row) throw invalid
  const t = row.token
  if (t.revoked_at) throw new ApiError(401, appMessages.tokenRevoked, undefined, 'token_revoked')
  if (t.expires_at && t.expires_at.getTime() <= now)
    throw new ApiError(401, appMessages.tokenExpired, undefined, 'token_expired')
  if (!t.last_used_at || now - t.last_used_at.getTime() >= LAST_USED_EVERY_MS) {
    // Conditional: of several processes (or requests) at once, one writes.
    const before = new Date(now - LAST_USED_EVERY_MS)
    await db
      .update(apiTokens)
      .set({ last_used_at: new Date(now) })
      .where(
        and(eq(apiTokens.id, t.id), or(isNull(apiTokens.last_used_at), lt(apiTokens.last_used_at, before))),
      )
  }
  const u = row.user
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    plan: (u.plan ?? 'free') as Plan,
    status: (u.status ?? null) as SubscriptionStatus | null,
    token: {
      id: t.id,
      scope: t.scope as TokenScope,
      project_ids: t.project_ids ?? null,
      expires_at: t.expires_at?.getTime() ?? null,
    },
  }
}
