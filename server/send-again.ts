// An answer the app sent, sent again from node:http by a fast path (iconify-fast-path.ts, ADR 0021;
// session-fast-path.ts, ADR 0416): the same headers, 304 for a matching If-None-Match, else the bytes
// in the encoding compress-json would pick (brotli or gzip by Accept-Encoding, from 1 KB), with a
// request id and the request's log line.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type KeptAnswer, MIN_COMPRESS_BYTES, packedAs } from './cache/kept-answer.ts'
import type { Logger } from './log/log.ts'
import { etagMatches, pickEncoding } from './middleware/compress-json.ts'
import { logRequest, requestIdOf } from './middleware/request-log.ts'

/** Sends the request's kept answer and returns true, or returns false and leaves it to the app. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean

export type SendOptions = { logger: Logger; trustRequestId: boolean }

/**
 * Sends `answer` (or only its 304 when `answer` is null: the caller has checked If-None-Match names
 * `etag`) with `kept` headers, for `userId`.
 */
export function sendAgain(
  req: IncomingMessage,
  res: ServerResponse,
  sent: {
    etag: string
    answer: KeptAnswer | null
    headers: Readonly<Record<string, string>>
    userId: string
  },
  opts: SendOptions,
): void {
  const started = performance.now()
  const reqId = requestIdOf(req.headers['x-request-id'] as string | undefined, opts.trustRequestId)
  const headers: Record<string, string> = { ...sent.headers, 'x-request-id': reqId }
  const done = (status: number) => {
    const path = req.url!.split('?', 1)[0]!
    logRequest(opts.logger, { reqId, method: 'GET', path, status, started, userId: sent.userId })
  }
  const { answer } = sent
  if (!answer || etagMatches(req.headers['if-none-match'], sent.etag)) {
    res.writeHead(304, headers).end()
    done(304)
    return
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
}
