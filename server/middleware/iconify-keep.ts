// Keeps the Iconify endpoint's answers for the node-level fast path (server/iconify-fast-path.ts, ADR 0021):
// after the full route has answered a token's GET with a kept answer (200 or 304), its final headers
// and bytes are kept under the token's hash and the raw path (cache/iconify-answers.ts). It sits
// outside compress-json, so what it keeps is exactly what was sent. Any write this process answers
// forgets every kept answer before its answer leaves (its note reaches the other processes).
import type { MiddlewareHandler } from 'hono'
import { hearIconifyNote, type IconifyGrant, iconifyAnswers, iconifyKey } from '../cache/iconify-answers.ts'
import type { ChangeNote } from '../domain/sync/change-notes.ts'
import type { EventBus } from '../events/events.ts'
import { answerKeeper, headersToKeep } from './answer-keeper.ts'
import type { AppEnv } from './session.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the Iconify route once the token in the path is known good (routes/iconify.ts). */
    iconifyGrant: IconifyGrant
  }
}

const ICONIFY_PATH = '/api/iconify/'

/** The token and the rest of a raw `/api/iconify/<token>/<rest>` URL, or null. */
export function iconifyTarget(url: string): { token: string; rest: string } | null {
  if (!url.startsWith(ICONIFY_PATH)) return null
  const slash = url.indexOf('/', ICONIFY_PATH.length)
  return slash < 0 ? null : { token: url.slice(ICONIFY_PATH.length, slash), rest: url.slice(slash) }
}

export function keepIconifyAnswers(db: object, events: EventBus): MiddlewareHandler<AppEnv> {
  const store = iconifyAnswers(db)
  const forgetting = {
    hear: (note: ChangeNote) => hearIconifyNote(store, note),
    forgetAll: () => store.kept.clear(),
  }
  return answerKeeper(events, forgetting, async (c, next, raw) => {
    const target = iconifyTarget(raw)
    if (!target) return next()
    const since = store.kept.generation()
    await next()
    const grant = c.get('iconifyGrant')
    const answer = c.get('keptAnswer')
    if (!grant || !answer || (c.res.status !== 200 && c.res.status !== 304)) return
    const headers = headersToKeep(c, raw)
    if (!headers) return
    store.kept.set(
      iconifyKey(target.token, target.rest),
      { answer, headers, tokenId: grant.tokenId, userId: grant.userId, usedAt: grant.usedAt },
      since,
      grant.expiresAt ?? Number.POSITIVE_INFINITY,
    )
  })
}
