// Signed-in requests without a database round trip (ADR 0303): a GET's session is taken from a
// short-lived in-process cache of better-auth's answers, keyed by the signed session cookie. An entry
// is forgotten at once when its session ends (a `sessions ended` note, in every process), when its
// user's row changes (a `users changed` note from a database trigger), when its session makes a
// change (any non-GET request), at its session's expiry, and in any case after CACHE_TTL_MS
// (kept-for.ts: the one pattern of answers kept while notes keep them true).

import type { SessionUser } from '../auth/session-user.ts'
import { KEPT_TTL_MS, keptFor } from './kept-for.ts'

/** The longest a kept answer is believed (the revocation bound when no note announces it). */
export const CACHE_TTL_MS = KEPT_TTL_MS
const MAX_ENTRIES = 10_000

export type SessionCache = {
  /** The kept user of `token` (the same object every time while it is kept), or null. */
  peek(token: string): SessionUser | null
  forget(token: string): void
  clear(): void
  /** The kept user of `token`, else better-auth's answer read once for all who ask meanwhile. */
  through(
    token: string,
    read: () => Promise<{ user: SessionUser | null; expiresAt: number }>,
  ): Promise<SessionUser | null>
  endSessions(ids: readonly string[]): void
  forgetUsers(ids: readonly string[]): void
}

export function sessionCache(ttlMs = CACHE_TTL_MS, now: () => number = Date.now): SessionCache {
  const kept = keptFor<SessionUser>({ name: 'sessions', ttlMs, maxEntries: MAX_ENTRIES, now })
  return {
    peek: kept.get,
    forget: kept.forget,
    clear: kept.clear,
    through: (token, read) =>
      kept.through(token, async () => {
        const { user, expiresAt } = await read()
        return { value: user, keep: user !== null, expiresAt }
      }),
    endSessions: (ids) => kept.forgetWhere((u) => u.sessionId !== undefined && ids.includes(u.sessionId)),
    forgetUsers: (ids) => kept.forgetWhere((u) => ids.includes(u.id)),
  }
}
