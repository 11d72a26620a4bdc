// The Iconify endpoint's fast lane (issue 24 item 6, ADR 0021): a GET of `/api/iconify/<token>/…`
// whose answer is kept (cache/iconify-answers.ts) is sent from node:http directly, without the
// database, a fetch Request or the middleware chain: the same headers and bytes the route sent (its
// ETag, 304 on If-None-Match, brotli or gzip by Accept-Encoding), a request id and the request's log
// line. Anything else (no kept answer, a token over its limit, its last use due to be written, a HEAD)
// returns false and takes the full route, which refuses, answers and keeps.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { iconifyAnswers, iconifyKey, keptIconify } from './cache/iconify-answers.ts'
import { MIN_COMPRESS_BYTES, packedAs } from './cache/kept-answer.ts'
import type { Logger } from './log.ts'
import { etagMatches, pickEncoding } from './middleware/compress-json.ts'
import { iconifyTarget } from './middleware/iconify-keep.ts'
import { logRequest, requestIdOf } from './middleware/request-log.ts'

/** Sends the request's kept answer and returns true, or returns false and leaves it to the app. */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean

export function iconifyLane(opts: { db: object; logger: Logger; trustRequestId: boolean }): Lane {
  const store = iconifyAnswers(opts.db)
  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return false
    const target = iconifyTarget(req.url)
    if (!target) return false
    const hit = keptIconify(store, iconifyKey(target.token, target.rest))
    // Over the limit: the route answers 429 with its Retry-After.
    if (!hit || store.perToken.take(hit.tokenId) > 0) return false
    const started = performance.now()
    const reqId = requestIdOf(req.headers['x-request-id'] as string | undefined, opts.trustRequestId)
    const headers: Record<string, string> = { ...hit.headers, 'x-request-id': reqId }
    const done = (status: number) => {
      const path = req.url!.split('?', 1)[0]!
      logRequest(opts.logger, { reqId, method: 'GET', path, status, started, userId: hit.userId })
    }
    const { answer } = hit
    if (etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, headers).end()
      done(304)
      return true
    }
    const encoding =
      answer.body.byteLength >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null
    const send = (bytes: Uint8Array, encoded: string | null) => {
      if (encoded) headers['content-encoding'] = encoded
      headers['content-length'] = String(bytes.byteLength)
      res.writeHead(200, headers).end(bytes)
      done(200)
    }
    if (!encoding) send(answer.body, null)
    else
      packedAs(answer, encoding).then(
        (bytes) => send(bytes, encoding),
        // Compression failed (it never has): the plain bytes are the same answer.
        () => send(answer.body, null),
      )
    return true
  }
}
