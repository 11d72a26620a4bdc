// API answers cost what they change: a JSON answer of a GET carries a strong ETag (SHA-1 of its
// bytes) and a matching If-None-Match gets 304 with no body; JSON of 1 KB or more is compressed,
// brotli or gzip by Accept-Encoding, on libuv's thread pool (zlib's async calls), never on the
// event loop. Event streams and answers already encoded pass untouched.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

const MIN_COMPRESS_BYTES = 1024
/** Compressed GET answers kept by ETag and encoding (an unchanged icon list is not packed again). */
const PACKED_MAX_BYTES = 32 * 1024 * 1024
const packedByTag = new Map<string, Uint8Array<ArrayBuffer>>()
let packedBytes = 0

function keepPacked(key: string, packed: Uint8Array<ArrayBuffer>) {
  if (packed.byteLength > PACKED_MAX_BYTES / 4) return
  packedByTag.set(key, packed)
  packedBytes += packed.byteLength
  for (const [k, v] of packedByTag) {
    if (packedBytes <= PACKED_MAX_BYTES) break
    packedByTag.delete(k)
    packedBytes -= v.byteLength
  }
}
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim())
  if (offered.includes('br')) return 'br'
  if (offered.includes('gzip')) return 'gzip'
  return null
}

/**
 * Replaces the answer whole: Hono's `c.res` setter would copy the old answer's headers over the
 * new one's (a stale Cache-Control or length), so the old one is let go first.
 */
function replace(c: Context, res: Response): void {
  c.res = undefined as unknown as Response
  c.res = res
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (!res.body || res.headers.has('content-encoding')) return
    if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return
    const bytes = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    headers.delete('content-length')
    headers.append('vary', 'Accept-Encoding')
    if (c.req.method === 'GET' && res.status === 200) {
      // A handler that keeps its answer may name its ETag (the same SHA-1, computed once).
      const tag = res.headers.get('etag') ?? `"${createHash('sha1').update(bytes).digest('base64url')}"`
      headers.set('etag', tag)
      // The browser may keep it, but asks every time (a 304 when nothing changed).
      headers.set('cache-control', 'private, no-cache')
      const wanted = c.req.header('if-none-match')
      if (wanted?.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) {
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
    const tag = headers.get('etag')
    const key = tag && `${encoding} ${tag}`
    let packed = key ? packedByTag.get(key) : undefined
    if (!packed) {
      packed = new Uint8Array(
        encoding === 'br'
          ? await brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : await gzipAsync(bytes, { level: 5 }),
      )
      // Only large answers are worth keeping (an icon list); the same bytes give the same ETag.
      if (key && bytes.byteLength >= 64 * 1024) keepPacked(key, packed)
    }
    headers.set('content-encoding', encoding)
    replace(c, new Response(packed, { status: res.status, headers }))
  }
}
