// Signed-in GETs answered again without the app (ADR 0416): the sessions of GETs (session-cache.ts)
// and, per session cookie and raw URL, the answer the app sent it (headers and bytes), once the full
// route has answered (middleware/session-keep.ts), for the node-level fast path that sends it again
// (server/session-fast-path.ts). One store per database, so the app and the fast path share it.
//
// What keeps them true: an answer is sent again only while the session cache still holds the very
// user object it was answered for, so whatever forgets a session (its sign-out, revocation or account
// deletion, in this process before the answer leaves and in the others by note; a change of the user's
// row; a write of that session; its expiry; KEPT_TTL_MS) stops it at once. Every change note but
// those that change no such answer forgets them all, in every process; so does any write this process
// answers, before its answer leaves, and notes that may have been missed (onResync). An answer is
// believed for KEPT_TTL_MS at most, like every answer kept on the word of notes (kept-for.ts).
import type { SessionUser } from '../auth/session-user.ts'
import type { ChangeNote } from '../domain/sync/change-notes.ts'
import type { KeptAnswer } from './kept-answer.ts'
import { KEPT_TTL_MS, type KeptFor, keptFor } from './kept-for.ts'
import { type SessionCache, sessionCache } from './session-cache.ts'

/** What an answer needs to be sent again as the route sent it. */
export type SentAnswer = {
  /** The session's user the answer was made for (the session cache's object: compared by identity). */
  user: SessionUser
  etag: string
  /** The bytes; null for a streamed answer (a large icon list), of which only its 304 is sent again. */
  answer: KeptAnswer | null
  /** Every header of the route's answer but the request id and the body's encoding and length. */
  headers: Readonly<Record<string, string>>
}

/** Answers kept: sessions × URLs asked within KEPT_TTL_MS. */
const MAX_ANSWERS = 10_000
/** Bytes of the distinct answers they hold (shared with the kept lists they come from). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024

/** Notes that change no kept answer of a session (its own session and user are told by identity). */
const UNRELATED = new Set<ChangeNote['entity']>(['invitations', 'sessions', 'api_tokens', 'iconify_pins'])

export type SessionAnswers = { sessions: SessionCache; sent: KeptFor<SentAnswer> }

const stores = new WeakMap<object, SessionAnswers>()

/** The sessions and answers of this database (tests run several apps, on several databases, in one process). */
export function sessionAnswers(db: object): SessionAnswers {
  let store = stores.get(db)
  if (!store) {
    store = {
      sessions: sessionCache(),
      sent: keptFor({
        name: 'session answers as sent',
        ttlMs: KEPT_TTL_MS,
        maxEntries: MAX_ANSWERS,
        // The body and, at most, a compressed form as large again.
        weight: {
          maxBytes: MAX_ANSWER_BYTES,
          of: (e) => ({ shared: e.answer ?? e, bytes: e.answer ? 2 * e.answer.body.byteLength : 0 }),
        },
      }),
    }
    stores.set(db, store)
  }
  return store
}

/** The key of a session's GET of `url` (the raw URL, with its query). */
export const sentKey = (token: string, url: string) => `${token} ${url}`

/** The kept answer of this session and URL, while its session is still the one it was made for. */
export function keptForSession(store: SessionAnswers, token: string, url: string): SentAnswer | null {
  const hit = store.sent.get(sentKey(token, url))
  return hit && store.sessions.peek(token) === hit.user ? hit : null
}

/** What a change note means for the kept answers (every process hears every note). */
export function hearSessionNote(store: SessionAnswers, note: ChangeNote): void {
  if (!UNRELATED.has(note.entity)) store.sent.clear()
}
