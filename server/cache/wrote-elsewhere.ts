// A session reads its own writes on every process of a cluster (ADR 0418). What is kept on the word
// of change notes (the session cache, a session's answers sent again, project lists) is forgotten in
// the process that answers a write before its answer leaves, but another process forgets it only when
// the note arrives, a few milliseconds later, or later still on a busy machine. So a write answered
// on Postgres (where several processes may share the database) sets a short cookie naming the
// process that answered it; a request of that session on any other process skips what it keeps for
// the session and reads afresh, for as long as anything kept before the write may live (KEPT_TTL_MS).
// The cookie grants nothing: it can only make its own requests read more.
import { randomBytes } from 'node:crypto'
import { KEPT_TTL_MS } from './kept-for.ts'

const NAME = 'iv_wrote'
const WROTE = /(?:^|;\s*)iv_wrote=([^;]*)/

const marks = new WeakMap<object, string>()

/** This process's mark for a database (tests run several apps, on several databases, in one process). */
export function processMark(db: object): string {
  let mark = marks.get(db)
  if (!mark) {
    mark = randomBytes(6).toString('base64url')
    marks.set(db, mark)
  }
  return mark
}

/** The Set-Cookie of a write answered by the process `mark` (Secure when the session cookie is). */
export function wroteCookie(mark: string, cookieHeader: string | undefined): string {
  const secure = cookieHeader?.includes('__Secure-better-auth.session_token=') ? '; Secure' : ''
  return `${NAME}=${mark}; Max-Age=${KEPT_TTL_MS / 1000}; Path=/api; HttpOnly; SameSite=Lax${secure}`
}

/** True when the request's session wrote, lately, through another process than `mark`. */
export function wroteElsewhere(cookieHeader: string | undefined, mark: string): boolean {
  if (!cookieHeader?.includes(NAME)) return false
  const by = WROTE.exec(cookieHeader)?.[1]
  return by !== undefined && by !== mark
}
