// Signed-in requests without a database round trip (ADR 0303): a GET's session is taken from a
// short-lived in-process cache of better-auth's answers, keyed by the signed session cookie. An entry
// is forgotten at once when its session ends (a `sessions ended` note, in every process), when its
// user's row changes (a `users changed` note from a database trigger), when its session makes a
// change (any non-GET request), at its session's expiry, and in any case after CACHE_TTL_MS
// (kept-for.ts: the one pattern of answers kept while notes keep them true).
import { KEPT_TTL_MS, keptFor } from './kept-for.ts'
import type { SessionUser } from './middleware/session.ts'

/** The longest a kept answer is believed (the revocation bound when no note announces it). */
export const CACHE_TTL_MS = KEPT_TTL_MS
const MAX_ENTRIES = 10_000

export type SessionCache = {
  get(token: string): SessionUser | null
  /** Where a read of better-auth begins: `set` keeps its answer only if nothing was forgotten since. */
  generation(): number
  set(token: string, user: SessionUser, expiresAt: number, since: number): void
  forget(token: string): void
  clear(): void
  endSessions(ids: readonly string[]): void
  forgetUsers(ids: readonly string[]): void
}

export function sessionCache(ttlMs = CACHE_TTL_MS, now: () => number = Date.now): SessionCache {
  const kept = keptFor<SessionUser>({ ttlMs, maxEntries: MAX_ENTRIES, now })
  return {
    get: kept.get,
    generation: kept.generation,
    set: (token, user, expiresAt, since) => kept.set(token, user, since, expiresAt),
    forget: kept.forget,
    clear: kept.clear,
    endSessions: (ids) => kept.forgetWhere((u) => u.sessionId !== undefined && ids.includes(u.sessionId)),
    forgetUsers: (ids) => kept.forgetWhere((u) => ids.includes(u.id)),
  }
}
