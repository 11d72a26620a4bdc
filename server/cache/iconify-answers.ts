// The Iconify endpoint's answers kept whole, headers included (ADR 0021), so that the node-level fast
// path (server/iconify-fast-path.ts) can send a repeated GET without the database and without Hono: an answer
// is kept per token (its hash, never the token itself) and path with query, once the full route has
// answered it (middleware/iconify-keep.ts), in the one pattern of kept entries (kept-for.ts).
//
// What keeps them true: every change note of icons, projects, workspaces, access, membership, users,
// API tokens (a revocation is one, migration 0014) or chosen Iconify pins (migration 0016) forgets them
// all, in every process; so does any
// write this process answers, before its answer leaves; and notes that may have been missed
// (onResync). An entry is believed for a minute at most (not KEPT_TTL_MS: Iconify's clients keep
// answers for much longer by lastModified, and every kept answer re-read at once is a burst of full
// requests) and never past its token's expiry; it is not used once its token's last use is due to be
// written again (LAST_USED_EVERY_MS): that request takes the full route, which writes it. The
// per-token limit is one budget of the fast path, the route and the bearer path (rate-limit.ts tokenBudget).
import { createHash } from 'node:crypto'
import { LAST_USED_EVERY_MS } from '../domain/accounts/api-tokens.ts'
import type { ChangeNote } from '../domain/sync/change-notes.ts'
import { type FixedWindow, tokenBudget } from '../middleware/rate-limit.ts'
import type { KeptAnswer } from './kept-answer.ts'
import { type KeptFor, keptFor } from './kept-for.ts'

/** What a kept Iconify answer needs to be sent again as the route sent it. */
export type IconifyKept = {
  answer: KeptAnswer
  /** Every header of the route's answer but the request id and the body's encoding and length. */
  headers: Readonly<Record<string, string>>
  tokenId: string
  userId: string
  /** When the token's last use was written (or known to be recent), ms. */
  usedAt: number
}

/** The token's grant as the route found it, for the answer it is about to keep. */
export type IconifyGrant = { tokenId: string; userId: string; expiresAt: number | null; usedAt: number }

/** Kept answers per process and database: tokens × paths asked within a minute. */
const MAX_ANSWERS = 10_000
/**
 * Bytes of the distinct answers they hold (many tokens asking the same icons share one answer, kept by
 * iconify-sets.ts too): a token that asks thousands of different large answers cannot grow the
 * process past this; what does not fit takes the route.
 */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024

/** Notes that cannot change an Iconify answer. */
const UNRELATED = new Set<ChangeNote['entity']>(['invitations', 'sessions'])

export type IconifyAnswers = {
  kept: KeptFor<IconifyKept>
  /** Requests per token and minute: the one budget the bearer path takes from too (ADR 0019). */
  perToken: FixedWindow
}

const stores = new WeakMap<object, IconifyAnswers>()

/** The kept answers of this database (tests run several apps, on several databases, in one process). */
export function iconifyAnswers(db: object): IconifyAnswers {
  let store = stores.get(db)
  if (!store) {
    store = {
      kept: keptFor({
        name: 'Iconify answers as sent',
        ttlMs: LAST_USED_EVERY_MS,
        maxEntries: MAX_ANSWERS,
        // The body and, at most, a compressed form as large again.
        weight: {
          maxBytes: MAX_ANSWER_BYTES,
          of: (e) => ({ shared: e.answer, bytes: 2 * e.answer.body.byteLength }),
        },
      }),
      perToken: tokenBudget(db),
    }
    stores.set(db, store)
  }
  return store
}

/** The key of a token's GET of `rest` (the path after the token, with its query). */
export const iconifyKey = (token: string, rest: string) =>
  `${createHash('sha256').update(token).digest('base64url')} ${rest}`

/** The kept answer of this token and path, unless the token's last use is due to be written. */
export function keptIconify(store: IconifyAnswers, key: string, now = Date.now()): IconifyKept | null {
  const hit = store.kept.get(key)
  return hit && now - hit.usedAt < LAST_USED_EVERY_MS ? hit : null
}

/** What a change note means for the kept answers (every process hears every note). */
export function hearIconifyNote(store: IconifyAnswers, note: ChangeNote): void {
  if (!UNRELATED.has(note.entity)) store.kept.clear()
}
