// Keeps GET /api/projects answers true (domain/projects/project-list-cache.ts, ADR 0303): hears the change
// notes every writing transaction sends (through the event bus, which listens already) and forgets
// every kept list once a write of this process has been answered, before the note comes back.
import type { MiddlewareHandler } from 'hono'
import {
  forgetAllProjectLists,
  hearNote,
  projectListsListening,
} from '../domain/projects/project-list-cache.ts'
import type { EventBus } from '../events/events.ts'

/** Icon writes change no project row: they leave the kept lists alone (a drop is many requests). */
const LEAVES_PROJECTS = '/api/icons/'

export function keepProjectLists(db: object, events: EventBus): MiddlewareHandler {
  events.onNote((note) => hearNote(db, note))
  // Notes may have been missed (the listener's connection was lost): every kept list goes.
  events.onResync(() => forgetAllProjectLists(db))
  projectListsListening(db)
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
