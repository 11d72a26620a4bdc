// A JSON answer built once and sent many times (ADR 0303, "Cheap answers"): its UTF-8 bytes, its
// strong ETag (SHA-1 of those bytes, computed once) and its brotli and gzip forms, each compressed on
// libuv's thread pool the first time a client asks for it (or, for an icon list, brotli as its pages
// are read) and kept with the answer from then on.
// compress-json.ts sends it: 304 for a matching If-None-Match, else the bytes the client accepts.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib'

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

/**
 * An answer of these bytes (already JSON) or of this value (serialised once here); `brotli`, its
 * brotli form when it was compressed as it was made (brotliAsYouGo).
 */
export function keptAnswer(
  json: Uint8Array<ArrayBuffer> | unknown,
  brotli?: Promise<Uint8Array<ArrayBuffer>>,
): KeptAnswer {
  const body = json instanceof Uint8Array ? json : encoder.encode(JSON.stringify(json))
  const answer: KeptAnswer = { body: body as Uint8Array<ArrayBuffer>, etag: etagOf(body), packed: {} }
  if (brotli) keepPacked(answer, 'br', brotli)
  return answer
}

/** gzip level 5, for clients without brotli. */
const GZIP_LEVEL = 5

/** Brotli quality 4: fast, and ~7× smaller icon lists. */
const brotliParams = (sizeHint: number, quality = 4) => ({
  [constants.BROTLI_PARAM_QUALITY]: quality,
  [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
})

const asBytes = (out: Buffer) =>
  new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>

/** `bytes` compressed as `encoding`. */
export async function compress(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(bytes, { params: brotliParams(bytes.byteLength) })
      : await gzipAsync(bytes, { level: GZIP_LEVEL })
  return asBytes(out)
}

/**
 * A compression stream of `encoding` with the same settings but brotli's `quality` (brotliAsYouGo's at
 * 4; a streamed answer's, compressed for each request, lower: streamed-answer.ts).
 */
export const compressionStream = (encoding: Encoding, chunkSize?: number, quality = 4) =>
  encoding === 'br'
    ? createBrotliCompress({ chunkSize, params: brotliParams(0, quality) })
    : createGzip({ level: GZIP_LEVEL, chunkSize })

/**
 * Brotli of JSON written a piece at a time (a list read page by page), compressed on libuv's thread
 * pool while the next pieces are read, so that its compressed form is ready soon after its last
 * piece rather than a whole compression later. `cancel` when the answer will not be kept.
 */
export function brotliAsYouGo() {
  const stream = compressionStream('br')
  const out: Buffer[] = []
  stream.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    stream.once('end', () => resolve(asBytes(Buffer.concat(out))))
    stream.once('error', reject)
  })
  done.catch(() => {}) // a cancelled one is awaited by no one
  return {
    write: (piece: Uint8Array) => void stream.write(piece),
    end(): Promise<Uint8Array<ArrayBuffer>> {
      stream.end()
      return done
    },
    cancel: () => void stream.destroy(),
  }
}

/** The answer's bytes in `encoding`, compressed once (a failure is not kept: the next ask tries again). */
export function packedAs(answer: KeptAnswer, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  return answer.packed[encoding] ?? keepPacked(answer, encoding, compress(answer.body, encoding))
}

/** Keeps `packing` as the answer's `encoding` form (a failure is let go: the next ask tries again). */
function keepPacked(answer: KeptAnswer, encoding: Encoding, packing: Promise<Uint8Array<ArrayBuffer>>) {
  const packed = answer.packed as Record<Encoding, Promise<Uint8Array<ArrayBuffer>> | undefined>
  packed[encoding] = packing
  packing.catch(() => {
    if (packed[encoding] === packing) packed[encoding] = undefined
  })
  return packing
}
