// The Iconify endpoint's fast path (ADR 0021): a GET of `/api/iconify/<token>/…`
// whose answer is kept (cache/iconify-answers.ts) is sent from node:http directly, without the
// database, a fetch Request or the middleware chain: the same headers and bytes the route sent (its
// ETag, 304 on If-None-Match, brotli or gzip by Accept-Encoding), a request id and the request's log
// line (send-again.ts). Anything else (no kept answer, a token over its limit, its last use due to be
// written, a HEAD) returns false and takes the full route, which refuses, answers and keeps.
import { iconifyAnswers, iconifyKey, keptIconify } from './cache/iconify-answers.ts'
import { iconifyTarget } from './middleware/iconify-keep.ts'
import { type FastPath, type SendOptions, sendAgain } from './send-again.ts'

export function iconifyFastPath(opts: SendOptions & { db: object }): FastPath {
  const store = iconifyAnswers(opts.db)
  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return false
    const target = iconifyTarget(req.url)
    if (!target) return false
    const hit = keptIconify(store, iconifyKey(target.token, target.rest))
    // Over the limit: the route answers 429 with its Retry-After.
    if (!hit || store.perToken.take(hit.tokenId) > 0) return false
    sendAgain(req, res, { ...hit, etag: hit.answer.etag, userId: hit.userId }, opts)
    return true
  }
}
