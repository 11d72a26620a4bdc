// API answers cost what they change: a JSON answer of a GET carries a strong ETag (SHA-1 of its
// bytes) and a matching If-None-Match gets 304 with no body; JSON of 1 KB or more is compressed,
// brotli or gzip by Accept-Encoding, on libuv's thread pool (zlib's async calls), never on the
// event loop. Event streams and answers already encoded pass untouched. A handler that keeps its
// answer (kept-answer.ts: an icon list per version, a project list, a session's /api/me) hands it
// over with `answerKept`: its ETag and compressed forms are computed once per answer, not per request.
import type { Context, MiddlewareHandler } from 'hono'
import {
  compress,
  type Encoding,
  etagOf,
  type KeptAnswer,
  MIN_COMPRESS_BYTES,
  packedAs,
} from '../kept-answer.ts'
import { SECURITY_HEADERS } from './security-headers.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by answerKept(): the answer this request sends, built once. */
    keptAnswer: KeptAnswer
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
 * Replaces the answer whole: Hono's `c.res` setter would copy the old answer's headers over the
 * new one's (a stale Cache-Control or length), so the old one is let go first.
 */
function replace(c: Context, res: Response): void {
  c.res = undefined as unknown as Response
  c.res = res
}

/** Whether If-None-Match names this ETag (weak or strong). */
const matches = (wanted: string | undefined, tag: string) =>
  wanted?.split(',').some((t) => t.trim().replace(/^W\//, '') === tag) === true

/**
 * A kept answer sent whole: every header the app adds (security headers, request id, Cache-Control,
 * ETag, Vary) in one plain record, so neither Hono nor the Node adapter builds a Headers object or
 * reads a body stream for it, and the outer middleware leave it as it is (`answerComplete`).
 */
async function sendKept(c: Context, res: Response, kept: KeptAnswer): Promise<void> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS }
  for (const [name, value] of res.headers) if (name !== 'content-length') headers[name] = value
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  headers.etag = kept.etag
  // The browser may keep it, but asks every time (a 304 when nothing changed).
  headers['cache-control'] = 'private, no-cache'
  const id = c.get('requestId')
  if (id) headers['x-request-id'] = id
  c.set('answerComplete', true)
  if (matches(c.req.header('if-none-match'), kept.etag)) {
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

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const kept = c.get('keptAnswer')
    // A kept answer's bytes are at hand: its body Response is never read.
    if (kept && c.req.method === 'GET' && res.status === 200) return sendKept(c, res, kept)
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
      if (matches(c.req.header('if-none-match'), tag)) {
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
