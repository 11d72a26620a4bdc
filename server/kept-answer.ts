// A JSON answer built once and sent many times (ADR 0303, "Cheap answers"): its UTF-8 bytes, its
// strong ETag (SHA-1 of those bytes, computed once) and its brotli and gzip forms, each compressed on
// libuv's thread pool the first time a client asks for it and kept with the answer from then on.
// compress-json.ts sends it: 304 for a matching If-None-Match, else the bytes the client accepts.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

export type KeptAnswer = {
  readonly body: Uint8Array<ArrayBuffer>
  readonly etag: string
  /** Compressed forms, made on first use. */
  readonly packed: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>
}

/** JSON from this size on is compressed; smaller answers go as they are (a frame or two anyway). */
export const MIN_COMPRESS_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The strong ETag of these bytes. */
export const etagOf = (bytes: Uint8Array) => `"${createHash('sha1').update(bytes).digest('base64url')}"`

const encoder = new TextEncoder()

/** An answer of these bytes (already JSON) or of this value (serialised once here). */
export function keptAnswer(json: Uint8Array<ArrayBuffer> | unknown): KeptAnswer {
  const body = json instanceof Uint8Array ? json : encoder.encode(JSON.stringify(json))
  return { body: body as Uint8Array<ArrayBuffer>, etag: etagOf(body), packed: {} }
}

/** `bytes` compressed as `encoding` (brotli quality 4: fast, and ~7× smaller icon lists). */
export async function compress(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipAsync(bytes, { level: 5 })
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>
}

/** The answer's bytes in `encoding`, compressed once (a failure is not kept: the next ask tries again). */
export function packedAs(answer: KeptAnswer, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const packed = answer.packed as Record<Encoding, Promise<Uint8Array<ArrayBuffer>> | undefined>
  let p = packed[encoding]
  if (!p) {
    p = compress(answer.body, encoding)
    packed[encoding] = p
    p.catch(() => {
      if (packed[encoding] === p) packed[encoding] = undefined
    })
  }
  return p
}
