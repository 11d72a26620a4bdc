// Keeps GET /api/projects answers true (domain/project-list-cache.ts, ADR 0303): hears the change
// notes every writing transaction sends (a listener of its own on events.ts's channel) and forgets
// every kept list once a write of this process has been answered, before the note comes back.
import type { MiddlewareHandler } from 'hono'
import type { Store } from '../db/client.ts'
import { forgetAllProjectLists, hearNote, projectListsListening } from '../domain/project-list-cache.ts'
import type { ChangeNote } from '../events.ts'
import type { Logger } from '../log.ts'

/** The channel events.ts sends its change notes on. */
const CHANGE_NOTES = 'iconvault_changes'

/** Icon writes change no project row: they leave the kept lists alone (a drop is many requests). */
const LEAVES_PROJECTS = '/api/icons/'

export function keepProjectLists(store: Store, logger: Logger): MiddlewareHandler {
  const db = store.db
  store
    .listen(CHANGE_NOTES, (payload) => hearNote(db, JSON.parse(payload) as ChangeNote))
    .then(
      () => projectListsListening(db, true),
      (err) => logger.error({ err }, 'project lists are not kept: no change notes'),
    )
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || c.req.path.startsWith(LEAVES_PROJECTS)) return next()
    try {
      await next()
    } finally {
      forgetAllProjectLists(db)
    }
  }
}
