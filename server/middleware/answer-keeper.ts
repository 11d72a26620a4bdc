// The frame of a middleware that keeps answers for a node-level fast path (iconify-keep.ts,
// session-keep.ts): notes are heard and a resync forgets everything (notes may have been missed);
// any write this process answers forgets every kept answer before its answer leaves (its note
// reaches the other processes); a GET the app was handed by node:http is given to `keep` with its raw
// URL, as the fast path will see it, and the answer's final headers are read from the answer sent
// (the keeper sits outside compress-json, so what it keeps is exactly what was sent).
import type { Context, MiddlewareHandler, Next } from 'hono'
import type { ChangeNote } from '../domain/sync/change-notes.ts'
import type { EventBus } from '../events/events.ts'
import type { AppEnv } from './session.ts'

/** Headers that belong to one sending, not to the answer. */
const PER_SENDING = new Set(['x-request-id', 'content-encoding', 'content-length', 'date'])

export function answerKeeper(
  events: EventBus,
  store: { hear(note: ChangeNote): void; forgetAll(): void },
  keep: (c: Context<AppEnv>, next: Next, raw: string) => Promise<void>,
): MiddlewareHandler<AppEnv> {
  events.onNote((note) => store.hear(note))
  events.onResync(() => store.forgetAll())
  return async (c, next) => {
    const method = c.req.method
    // A CORS preflight (OPTIONS) and a HEAD write nothing: they keep them too.
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      try {
        await next()
      } finally {
        store.forgetAll()
      }
      return
    }
    // The raw URL as the fast path will see it (app.request() in tests has none: nothing is kept).
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url
    if (method !== 'GET' || !raw) return next()
    return keep(c, next, raw)
  }
}

/**
 * The answer's headers to send again (all but those of one sending), when the app read the URL as it
 * was sent (no dot segments resolved away: the fast path matches raw URLs); null otherwise.
 */
export function headersToKeep(c: Context<AppEnv>, raw: string): Record<string, string> | null {
  if (raw.split('?', 1)[0] !== c.req.path) return null
  const headers: Record<string, string> = {}
  for (const [name, value] of c.res.headers) if (!PER_SENDING.has(name)) headers[name] = value
  return headers
}
