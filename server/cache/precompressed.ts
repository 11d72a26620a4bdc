// Sends the .br or .gz copy of a built file that the build wrote beside it
// (scripts/vite-precompress.ts), by the request's Accept-Encoding: brotli first, then gzip, never an
// encoding the client refuses (q=0). Answers carry the file's own Content-Type, Content-Encoding,
// Content-Length and `Vary: Accept-Encoding`; without an accepted copy the caller serves the file
// itself (compressed on the fly). Range requests are left to the caller (they address the file).
import { createReadStream, type Stats, statSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'

const SUFFIXES = { br: '.br', gzip: '.gz' } as const
type Encoding = keyof typeof SUFFIXES

/** The precompressed encodings the client accepts (q > 0, `*` included), brotli first. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return []
  const q = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    const weight = params.find((p) => p.startsWith('q='))
    q.set(name, weight ? Number(weight.slice(2)) : 1)
  }
  return (['br', 'gzip'] as const).filter((e) => (q.get(e) ?? q.get('*') ?? 0) > 0)
}

/**
 * The file under `dir` a request path names ('/' and '…/' name index.html), or null for a path
 * this does not handle (escapes, %-encoding, backslashes, empty segments: the caller's serveStatic
 * decides those).
 */
export function builtFile(dir: string, path: string): string | null {
  if (/%|\\|\/\/|(^|\/)\.\.?(\/|$)/.test(path)) return null
  return join(dir, path.endsWith('/') ? `${path}index.html` : path)
}

const fileStats = (path: string): Stats | undefined => {
  try {
    const stats = statSync(path)
    return stats.isFile() ? stats : undefined
  } catch {
    return undefined
  }
}

/** The response with `file`'s precompressed copy, or null when there is none the client accepts. */
export function sendPrecompressed(c: Context, file: string): Response | null {
  if (c.req.header('range')) return null
  for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
    const copy = file + SUFFIXES[encoding]
    const stats = fileStats(copy)
    if (!stats) continue
    c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream')
    c.header('Content-Encoding', encoding)
    c.header('Vary', 'Accept-Encoding')
    c.header('Content-Length', String(stats.size))
    c.header('Last-Modified', stats.mtime.toUTCString())
    if (c.req.method === 'HEAD') return c.body(null, 200)
    return c.body(Readable.toWeb(createReadStream(copy)) as ReadableStream<Uint8Array>, 200)
  }
  return null
}
