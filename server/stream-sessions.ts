// Whether the sessions behind open /api/events streams are still valid: checked before each
// delivery, cheaply. A session's expiry time is memoised for MEMO_MS, so a burst of changes costs
// one query; a session ended through better-auth (sign-out, revoke, delete-user) is forgotten at
// once by a `sessions ended` note (events.ts), in every process.
import { inArray } from 'drizzle-orm'
import type { Db } from './db/client.ts'
import { session } from './db/schema/index.ts'

/** How long a confirmed session is believed without asking the database again. */
const MEMO_MS = 1_000

/** At most this many open streams per session and per user; a new one ends the oldest (ADR 0005). */
export const MAX_STREAMS_PER_SESSION = 4
export const MAX_STREAMS_PER_USER = 16

export type SessionGate = {
  /** The sessions among `ids` that are valid now (one query for those not confirmed recently). */
  valid(ids: Iterable<string>): Promise<Set<string>>
  /** A session that ended: never valid again. */
  ended(id: string): void
  /** Forgets every memoised answer (notes of ended sessions may have been missed). */
  forgetAll(): void
}

export function sessionGate(db: Db, now: () => number = Date.now): SessionGate {
  const known = new Map<string, { expiresAt: number; checkedAt: number }>()
  const gone = new Set<string>()
  return {
    async valid(ids) {
      const t = now()
      const out = new Set<string>()
      const ask: string[] = []
      for (const id of new Set(ids)) {
        if (gone.has(id)) continue
        const k = known.get(id)
        if (k && t - k.checkedAt < MEMO_MS) {
          if (k.expiresAt > t) out.add(id)
        } else ask.push(id)
      }
      if (ask.length === 0) return out
      const rows = await db
        .select({ id: session.id, expiresAt: session.expiresAt })
        .from(session)
        .where(inArray(session.id, ask))
      for (const id of ask) known.delete(id)
      for (const r of rows) {
        if (gone.has(r.id)) continue
        const expiresAt = new Date(r.expiresAt).getTime()
        known.set(r.id, { expiresAt, checkedAt: t })
        if (expiresAt > now()) out.add(r.id)
      }
      return out
    },
    forgetAll() {
      known.clear()
    },
    ended(id) {
      known.delete(id)
      gone.add(id)
      // Ids are random and never reused: the set only needs to outlive the streams still open.
      if (gone.size > 10_000) gone.clear()
    },
  }
}
