// Keeps the answers of signed-in GETs for the node-level fast path (server/session-fast-path.ts, ADR
// 0416): after the full route has answered a session's GET of one of the paths below with a kept (or,
// for its 304, a streamed) answer, its final headers and bytes are kept under the session cookie and the
// raw URL (cache/session-answers.ts). Notes, writes and resyncs forget them as answer-keeper.ts says.
import type { MiddlewareHandler } from 'hono'
import { canRestoreSubscription } from '../../common/plans.ts'
import { hearSessionNote, sentKey, sessionAnswers } from '../cache/session-answers.ts'
import type { ChangeNote } from '../domain/sync/change-notes.ts'
import type { EventBus } from '../events/events.ts'
import { answerKeeper, headersToKeep } from './answer-keeper.ts'
import { type AppEnv, sessionTokenOf } from './session.ts'

/**
 * The paths whose answer is fixed by the session's user, the URL (its query) and rows whose every
 * change sends a note, with no other work per request (no rate limit, no write, no clock): the user,
 * the project list and a project's icon list. A new path is added here only when that holds of it.
 */
const KEPT_PATHS = new Set(['/api/me', '/api/projects', '/api/icons'])

export function keepSessionAnswers(db: object, events: EventBus): MiddlewareHandler<AppEnv> {
  const store = sessionAnswers(db)
  const forgetting = {
    hear: (note: ChangeNote) => hearSessionNote(store, note),
    forgetAll: () => store.sent.clear(),
  }
  return answerKeeper(events, forgetting, async (c, next, raw) => {
    if (!KEPT_PATHS.has(c.req.path)) return next()
    const since = store.sent.generation()
    await next()
    const user = c.get('user')
    // A session's own answer (not an API token's), read through the session cache; a canceled plan is
    // settled by the clock on a later request (settle-plan.ts), so its answers take the route.
    if (!user || user.token || canRestoreSubscription(user.status)) return
    const token = sessionTokenOf(c.req.header('cookie'))
    if (!token || store.sessions.peek(token) !== user) return
    const kept = c.get('keptAnswer')
    const streamed = c.get('streamedAnswer')
    const status = c.res.status
    if ((!kept && !streamed) || (status !== 200 && status !== 304)) return
    if (c.res.headers.has('set-cookie')) return
    const headers = headersToKeep(c, raw)
    if (!headers) return
    const etag = kept?.etag ?? streamed!.etag
    store.sent.set(sentKey(token, raw), { user, etag, answer: kept ?? null, headers }, since)
  })
}
