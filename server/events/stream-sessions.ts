// Whether the sessions behind open /api/events streams are still valid: checked at each delivery
// without making it wait. A session's expiry is known from when it was last read; a session read
// more than MEMO_MS ago is believed until its expiry while one query reads it again in the
// background, and the streams of one found gone or expired are ended then (`onGone`). A session
// ended through better-auth (sign-out, revoke, delete-user) is forgotten at once by a `sessions
// ended` note (events/events.ts), in every process. Only a session never read waits for its query.
import { inArray } from 'drizzle-orm'
import { Lru } from '../cache/lru.ts'
import type { Db } from '../db/client.ts'
import { session } from '../db/schema/index.ts'

/** How long a confirmed session is believed without asking the database again. */
const MEMO_MS = 1_000
/** Sessions whose expiry is kept, at most (those of streams long closed go first). */
const MAX_KNOWN = 50_000
/** Sessions remembered as ended, at most: ids are random and never reused, so the set only needs to
 * outlive the streams still open (the least recently ended go first; a forgotten one is read again). */
const MAX_GONE = 10_000

/** At most this many open streams per session and per user; a new one ends the oldest (ADR 0005). */
export const MAX_STREAMS_PER_SESSION = 4
export const MAX_STREAMS_PER_USER = 16

export type SessionGate = {
  /**
   * The sessions among `ids` that are valid now. Known ones answer at once (re-read in the
   * background when their answer is older than MEMO_MS); unknown ones are read, all in one query.
   */
  valid(ids: Iterable<string>): Promise<Set<string>>
  /** A session that ended: never valid again. */
  ended(id: string): void
  /** Forgets every memoised answer (notes of ended sessions may have been missed). */
  forgetAll(): void
}

type Known = { expiresAt: number; checkedAt: number }

export function sessionGate(
  db: Db,
  onGone: (ids: string[]) => void = () => {},
  now: () => number = Date.now,
  bounds: { known: number; gone: number } = { known: MAX_KNOWN, gone: MAX_GONE },
): SessionGate {
  const known = new Lru<string, Known>({ name: 'stream sessions', maxEntries: bounds.known })
  const gone = new Lru<string, true>({ name: 'ended sessions', maxEntries: bounds.gone })
  const stale = new Set<string>()
  let rereading = false

  /** Reads `ids` and records what it finds; answers the ones valid now. */
  async function read(ids: string[]): Promise<Set<string>> {
    const t = now()
    const rows = await db
      .select({ id: session.id, expiresAt: session.expiresAt })
      .from(session)
      .where(inArray(session.id, ids))
    const out = new Set<string>()
    for (const id of ids) known.delete(id)
    for (const r of rows) {
      if (gone.has(r.id)) continue
      const expiresAt = new Date(r.expiresAt).getTime()
      known.set(r.id, { expiresAt, checkedAt: t })
      if (expiresAt > now()) out.add(r.id)
    }
    return out
  }

  /** Re-reads the stale sessions, one query at a time; ends the streams of those no longer valid. */
  async function reread() {
    if (rereading) return
    rereading = true
    try {
      while (stale.size) {
        const ids = [...stale]
        stale.clear()
        const valid = await read(ids).catch(() => null)
        if (!valid) break // the database is unreachable: keep believing until it answers again
        const lost = ids.filter((id) => !valid.has(id))
        for (const id of lost) gone.set(id, true)
        if (lost.length) onGone(lost)
      }
    } finally {
      rereading = false
    }
  }

  return {
    async valid(ids) {
      const t = now()
      const out = new Set<string>()
      const ask: string[] = []
      for (const id of new Set(ids)) {
        if (gone.has(id)) continue
        const k = known.get(id)
        if (!k) ask.push(id)
        else if (k.expiresAt > t) {
          out.add(id)
          if (t - k.checkedAt >= MEMO_MS) stale.add(id)
        }
      }
      if (stale.size) void reread()
      if (ask.length === 0) return out
      for (const id of await read(ask)) out.add(id)
      return out
    },
    forgetAll() {
      known.clear()
    },
    ended(id) {
      known.delete(id)
      gone.set(id, true)
    },
  }
}
