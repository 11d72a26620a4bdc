// Signed-in GETs' fast path (ADR 0416): a session's GET of a URL whose answer is kept
// (cache/session-answers.ts: /api/me, /api/projects, a project's icon list) is sent from node:http
// directly, without a fetch Request, the middleware chain or the database, while the session cache
// still holds the user it was answered for: the same headers and bytes the route sent (its ETag, 304 on
// If-None-Match, brotli or gzip by Accept-Encoding), a request id and the request's log line
// (send-again.ts). Anything else (no kept answer, another session or none, an API token, a body, a HEAD)
// returns false and takes the full route, which reads the session, answers and keeps.
import { keptForSession, sessionAnswers } from './cache/session-answers.ts'
import { processMark, wroteElsewhere } from './cache/wrote-elsewhere.ts'
import type { Store } from './db/client.ts'
import { etagMatches } from './middleware/compress-json.ts'
import { sessionTokenOf } from './middleware/session.ts'
import { type FastPath, type SendOptions, sendAgain } from './send-again.ts'

export function sessionFastPath(opts: SendOptions & { db: object; kind: Store['kind'] }): FastPath {
  const store = sessionAnswers(opts.db)
  // A session that wrote through another process lately takes the route, which reads afresh (ADR 0418).
  const mark = opts.kind === 'postgres' ? processMark(opts.db) : undefined
  return (req, res) => {
    const { url, headers } = req
    if (req.method !== 'GET' || !url?.startsWith('/api/')) return false
    // An API token takes its own path (refused with a cookie, limited per token); a body unread would
    // be taken for the next request (connection-close.ts).
    if (headers.authorization !== undefined || headers['transfer-encoding'] !== undefined) return false
    if (headers['content-length'] !== undefined && headers['content-length'].trim() !== '0') return false
    const token = sessionTokenOf(headers.cookie)
    if (mark && wroteElsewhere(headers.cookie, mark)) return false
    const hit = token ? keptForSession(store, token, url) : null
    if (!hit) return false
    // A 304-only answer (a streamed list) for a client that does not hold it: the route streams it.
    if (!hit.answer && !etagMatches(headers['if-none-match'], hit.etag)) return false
    sendAgain(req, res, { ...hit, userId: hit.user.id }, opts)
    return true
  }
}
