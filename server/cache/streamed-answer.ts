// A JSON answer too large to build whole (a project's icon list past its kept size, ADR 0304): its
// chunks come from an async generator that reads the next page only when asked, and go out
// compressed on the fly (node:zlib streams, on libuv's thread pool) as the socket takes them.
// compress-json.ts sends it (ETag, 304, Accept-Encoding). The body pulls nothing ahead of the socket
// but what the streams buffer (a chunk before the compressor, its 64 KB of output). A client gone
// returns the generator (no more pages are read); an error thrown by it errors the body, and the
// Node adapter then destroys the connection before the chunked answer's end: a failed transfer,
// never a body that looks complete.
import { pipeline, Readable } from 'node:stream'
import { compressionStream, type Encoding } from './kept-answer.ts'

export type StreamedAnswer = {
  /** A weak ETag naming what the chunks will be, known before any is read. */
  readonly etag: string
  /** The answer's bytes, in order; called once, when the body is first read. */
  chunks(): AsyncIterable<Uint8Array>
}

const CHUNK = 64 * 1024
const STREAMED_BROTLI_QUALITY = 2

function open(answer: StreamedAnswer, encoding: Encoding | null): AsyncIterator<Uint8Array> {
  const json = answer.chunks()
  if (!encoding) return json[Symbol.asyncIterator]()
  // Compressed once per request, not kept: brotli at quality 2 (a third less CPU than the kept
  // answers' 4, 4 % more bytes), gzip 5, in 64 KB of output at a time.
  const zip = compressionStream(encoding, CHUNK, STREAMED_BROTLI_QUALITY)
  // One chunk waits before the compressor at most; the compressor's error (or the generator's,
  // passed on by pipeline) rejects the next read.
  pipeline(Readable.from(json, { highWaterMark: 1 }), zip, () => {})
  return zip[Symbol.asyncIterator]()
}

/** The body of a streamed answer: nothing is read before the first pull. */
export function streamedBody(answer: StreamedAnswer, encoding: Encoding | null): ReadableStream<Uint8Array> {
  let source: AsyncIterator<Uint8Array> | undefined
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        source ??= open(answer, encoding)
        const { done, value } = await source.next()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      async cancel() {
        await source?.return?.()
      },
    },
    { highWaterMark: 0 },
  )
}
