// Keeps the Iconify endpoint's answers for the node-level lane (server/iconify-lane.ts, ADR 0021):
// after the full route has answered a token's GET with a kept answer (200 or 304), its final headers
// and bytes are kept under the token's hash and the raw path (cache/iconify-answers.ts). It sits
// outside compress-json, so what it keeps is exactly what was sent. Any write this process answers
// forgets every kept answer before its answer leaves (its note reaches the other processes).
import type { MiddlewareHandler } from 'hono'
import { hearIconifyNote, type IconifyGrant, iconifyAnswers, iconifyKey } from '../cache/iconify-answers.ts'
import type { EventBus } from '../events.ts'
import type { AppEnv } from './session.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the Iconify route once the token in the path is known good (routes/iconify.ts). */
    iconifyGrant: IconifyGrant
  }
}

const ICONIFY_PATH = '/api/iconify/'

/** Headers that belong to one sending, not to the answer. */
const PER_SENDING = new Set(['x-request-id', 'content-encoding', 'content-length', 'date'])

/** The token and the rest of a raw `/api/iconify/<token>/<rest>` URL, or null. */
export function iconifyTarget(url: string): { token: string; rest: string } | null {
  if (!url.startsWith(ICONIFY_PATH)) return null
  const slash = url.indexOf('/', ICONIFY_PATH.length)
  return slash < 0 ? null : { token: url.slice(ICONIFY_PATH.length, slash), rest: url.slice(slash) }
}

export function keepIconifyAnswers(db: object, events: EventBus): MiddlewareHandler<AppEnv> {
  const store = iconifyAnswers(db)
  events.onNote((note) => hearIconifyNote(store, note))
  // Notes may have been missed (the listener's connection was lost): every kept answer goes.
  events.onResync(() => store.kept.clear())
  return async (c, next) => {
    const method = c.req.method
    // A CORS preflight (OPTIONS) writes nothing: it keeps them too.
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      try {
        await next()
      } finally {
        store.kept.clear()
      }
      return
    }
    // The raw URL as the lane will see it (app.request() in tests has none: nothing is kept).
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url
    const target = method === 'GET' && raw ? iconifyTarget(raw) : null
    if (!target || !raw) return next()
    const since = store.kept.generation()
    await next()
    const grant = c.get('iconifyGrant')
    const answer = c.get('keptAnswer')
    if (!grant || !answer || (c.res.status !== 200 && c.res.status !== 304)) return
    // Only a URL the app read as it was sent (no dot segments resolved away): the lane matches raw URLs.
    if (raw.split('?', 1)[0] !== c.req.path) return
    const headers: Record<string, string> = {}
    for (const [name, value] of c.res.headers) if (!PER_SENDING.has(name)) headers[name] = value
    store.kept.set(
      iconifyKey(target.token, target.rest),
      { answer, headers, tokenId: grant.tokenId, userId: grant.userId, usedAt: grant.usedAt },
      since,
      grant.expiresAt ?? Number.POSITIVE_INFINITY,
    )
  }
}
