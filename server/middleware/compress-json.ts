// API answers cost what they change: a JSON answer of a GET carries a strong ETag (SHA-1 of its
// bytes) and a matching If-None-Match gets 304 with no body; JSON of 1 KB or more is compressed,
// brotli or gzip by Accept-Encoding, on libuv's thread pool (zlib's async calls), never on the
// event loop. Event streams and answers already encoded pass untouched. A handler that keeps its
// answer (kept-answer.ts: an icon list per version, a project list, a session's /api/me) hands it
// over with `answerKept`: its ETag and compressed forms are computed once per answer, not per request.
// One too large to build whole (a large icon list, ADR 0304) is handed over with `answerStreamed`:
// sent with the same headers, compressed as it goes (streamed-answer.ts).
import type { Context, MiddlewareHandler } from 'hono'
import {
  compress,
  type Encoding,
  etagOf,
  type KeptAnswer,
  MIN_COMPRESS_BYTES,
  packedAs,
} from '../cache/kept-answer.ts'
import { type StreamedAnswer, streamedBody } from '../cache/streamed-answer.ts'
import { SECURITY_HEADERS } from './security-headers.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by answerKept(): the answer this request sends, built once. */
    keptAnswer: KeptAnswer
    /** Set by answerStreamed(): the answer this request streams. */
    streamedAnswer: StreamedAnswer
    requestId: string
  }
}

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null
  const offered = accept
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim())
  if (offered.includes('br')) return 'br'
  if (offered.includes('gzip')) return 'gzip'
  return null
}

/** A 200 GET answer of these kept bytes (compress-json sends the ETag, 304 or compressed form). */
export function answerKept(c: Context, answer: KeptAnswer): Response {
  c.set('keptAnswer', answer)
  return c.body(answer.body, 200, { 'content-type': 'application/json' })
}

/**
 * A 200 GET answer streamed from `answer` (compress-json sends the ETag, 304 or the chunks compressed
 * as they come). Nothing of it is read for a 304.
 */
export function answerStreamed(c: Context, answer: StreamedAnswer): Response {
  c.set('streamedAnswer', answer)
  return c.body(null, 200, { 'content-type': 'application/json' })
}

/** Whether the client already has the answer of this ETag (If-None-Match names it). */
export const clientHas = (c: Context, etag: string) => etagMatches(c.req.header('if-none-match'), etag)

/**
 * Replaces the answer whole: Hono's `c.res` setter would copy the old answer's headers over the
 * new one's (a stale Cache-Control or length), so the old one is let go first.
 */
function replace(c: Context, res: Response): void {
  c.res = undefined as unknown as Response
  c.res = res
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/** Whether If-None-Match names this ETag (the weak comparison: W/ on either side is ignored). */
export const etagMatches = (wanted: string | undefined, tag: string) =>
  wanted?.split(',').some((t) => opaque(t) === opaque(tag)) === true

/**
 * Every header of a kept or streamed answer (security headers, request id, Cache-Control, ETag,
 * Vary) in one plain record; the outer middleware leave the answer as it is (`answerComplete`).
 */
function wholeHeaders(c: Context, res: Response, etag: string): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS }
  for (const [name, value] of res.headers) if (name !== 'content-length') headers[name] = value
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  headers.etag = etag
  // The browser may keep it, but asks every time (a 304 when nothing changed).
  headers['cache-control'] = 'private, no-cache'
  const id = c.get('requestId')
  if (id) headers['x-request-id'] = id
  c.set('answerComplete', true)
  return headers
}

/**
 * A kept answer sent whole, with one plain header record, so neither Hono nor the Node adapter
 * builds a Headers object or reads a body stream for it.
 */
async function sendKept(c: Context, res: Response, kept: KeptAnswer): Promise<void> {
  const headers = wholeHeaders(c, res, kept.etag)
  if (etagMatches(c.req.header('if-none-match'), kept.etag)) {
    replace(c, new Response(null, { status: 304, headers }))
    return
  }
  const encoding =
    kept.body.byteLength >= MIN_COMPRESS_BYTES ? pickEncoding(c.req.header('accept-encoding')) : null
  if (!encoding) {
    replace(c, new Response(kept.body, { status: 200, headers }))
    return
  }
  headers['content-encoding'] = encoding
  replace(c, new Response(await packedAs(kept, encoding), { status: 200, headers }))
}

/** A streamed answer: 304 without reading it, else its chunks compressed as the client accepts. */
function sendStreamed(c: Context, res: Response, streamed: StreamedAnswer): void {
  const headers = wholeHeaders(c, res, streamed.etag)
  if (etagMatches(c.req.header('if-none-match'), streamed.etag)) {
    replace(c, new Response(null, { status: 304, headers }))
    return
  }
  const encoding = pickEncoding(c.req.header('accept-encoding'))
  if (encoding) headers['content-encoding'] = encoding
  replace(c, new Response(streamedBody(streamed, encoding), { status: 200, headers }))
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const kept = c.get('keptAnswer')
    // A kept answer's bytes are at hand: its body Response is never read.
    if (kept && c.req.method === 'GET' && res.status === 200) return sendKept(c, res, kept)
    const streamed = c.get('streamedAnswer')
    if (streamed && c.req.method === 'GET' && res.status === 200) return sendStreamed(c, res, streamed)
    if (!res.body || res.headers.has('content-encoding')) return
    if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return
    const tagged = c.req.method === 'GET' && res.status === 200
    const bytes = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    headers.delete('content-length')
    headers.append('vary', 'Accept-Encoding')
    if (tagged) {
      const tag = res.headers.get('etag') ?? etagOf(bytes)
      headers.set('etag', tag)
      // The browser may keep it, but asks every time (a 304 when nothing changed).
      headers.set('cache-control', 'private, no-cache')
      if (etagMatches(c.req.header('if-none-match'), tag)) {
        replace(c, new Response(null, { status: 304, headers }))
        return
      }
    }
    const encoding =
      bytes.byteLength >= MIN_COMPRESS_BYTES ? pickEncoding(c.req.header('accept-encoding')) : null
    if (!encoding) {
      replace(c, new Response(bytes, { status: res.status, headers }))
      return
    }
    const packed = await compress(bytes, encoding)
    headers.set('content-encoding', encoding)
    replace(c, new Response(packed, { status: res.status, headers }))
  }
}
