// Signed-in requests without a database round trip (ADR 0303): a GET's session is taken from a
// short-lived in-process cache of better-auth's answers, keyed by the signed session cookie. An entry
// is forgotten at once when its session ends (a `sessions ended` note, in every process), when its
// user's row changes (a `users changed` note from a database trigger), when its session makes a
// change (any non-GET request), at its session's expiry, and in any case after CACHE_TTL_MS.
import type { SessionUser } from './middleware/session.ts'

/** The longest a cached session is believed (the revocation bound when no note announces it). */
export const CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 10_000

type Entry = { user: SessionUser; expiresAt: number; at: number }

export type SessionCache = {
  get(token: string): SessionUser | null
  set(token: string, user: SessionUser, expiresAt: number): void
  forget(token: string): void
  clear(): void
  endSessions(ids: readonly string[]): void
  forgetUsers(ids: readonly string[]): void
}

export function sessionCache(ttlMs = CACHE_TTL_MS, now: () => number = Date.now): SessionCache {
  const byToken = new Map<string, Entry>()
  const drop = (pick: (e: Entry) => boolean) => {
    for (const [token, e] of byToken) if (pick(e)) byToken.delete(token)
  }
  return {
    get(token) {
      const e = byToken.get(token)
      if (!e) return null
      const t = now()
      if (t - e.at < ttlMs && e.expiresAt > t) return e.user
      byToken.delete(token)
      return null
    },
    set(token, user, expiresAt) {
      byToken.delete(token)
      // Oldest first out: a Map keeps insertion order.
      if (byToken.size >= MAX_ENTRIES) byToken.delete(byToken.keys().next().value!)
      byToken.set(token, { user, expiresAt, at: now() })
    },
    forget: (token) => void byToken.delete(token),
    clear: () => byToken.clear(),
    endSessions: (ids) => drop((e) => e.user.sessionId !== undefined && ids.includes(e.user.sessionId)),
    forgetUsers: (ids) => drop((e) => ids.includes(e.user.id)),
  }
}
