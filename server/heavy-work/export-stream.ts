// An export streamed from its heavy-work worker to the response (ADR 0111): the worker converts the
// icons (sent to it a page at a time by `feed`), answers the head (name, type, skipped icons), then
// packs the ZIP and sends it in blocks of about 256 KB, a few ahead of the reader at most: each block
// the response takes gives the worker room for one more. So the first bytes leave while the rest is
// packed, this thread holds a few blocks per export whatever its size, and a reader that stops
// taking them for `STALL_MS` ends the export (its turn of the gate goes to the next job).

import type { ReleasedIcon } from '../../common/schemas/rows.ts'
import type { StoredIconRow } from '../domain/projects/release-set.ts'
import type { HeavyBuilder } from './builder.ts'
import type { ExportHead, FromWorker, HeavyJob } from './protocol.ts'

/** A reader that takes no block for this long ends its export. */
const STALL_MS = 30_000

export type StreamedExport = {
  head: ExportHead
  body: ReadableStream<Uint8Array>
  /**
   * Resolves once the worker is done: with every block when the whole body was packed and it is at
   * most `keepBytes` (to keep it), else null. Never rejects.
   */
  done: Promise<Uint8Array[] | null>
  /** Blocks received from the worker so far, and how many entries it had packed at the last one. */
  progress(): { blocks: number; packed: number }
}

export async function streamExport(
  builder: Pick<HeavyBuilder, 'open'>,
  job: Extract<HeavyJob, { kind: 'export' }>,
  feed: (send: (page: StoredIconRow[] | ReleasedIcon[]) => void) => Promise<unknown>,
  keepBytes = 0,
): Promise<StreamedExport> {
  const pending: Uint8Array[] = []
  const kept: Uint8Array[] | null = keepBytes ? [] : null
  let size = 0
  let blocks = 0
  let packed = 0
  let complete = false
  let failed: unknown = null
  let wake: (() => void) | null = null
  let gotHead: (head: ExportHead) => void = () => {}
  const head = new Promise<ExportHead>((resolve) => (gotHead = resolve))
  const poke = () => {
    wake?.()
    wake = null
  }
  const on = (message: FromWorker) => {
    if ('head' in message) gotHead(message.head)
    else if ('chunk' in message) {
      pending.push(message.chunk)
      blocks++
      packed = message.packed
      size += message.chunk.byteLength
      if (kept && size <= keepBytes) kept.push(message.chunk)
      poke()
    } else if ('end' in message) {
      complete = true
      poke()
    }
  }
  const run = builder.open(job, on)
  let stall: NodeJS.Timeout | undefined
  const cancel = () => {
    clearTimeout(stall)
    run.post({ cancel: true })
  }
  const ended = run.ended.then(
    () => {},
    (error: unknown) => {
      failed = error
      poke()
    },
  )
  await feed((page) => run.post({ page })).then(
    () => run.post({ pagesEnd: true }),
    (error: unknown) => {
      cancel()
      throw error
    },
  )
  const first = await Promise.race([head, run.ended.then(() => null)])
  if (!first) throw failed ?? new Error('An export ended before its head')
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(stall)
        while (!pending.length && !complete && !failed) await new Promise<void>((resolve) => (wake = resolve))
        const chunk = pending.shift()
        if (chunk) {
          controller.enqueue(chunk)
          run.post({ more: 1 })
          // The worker waits once its blocks are all out: a reader that takes none ends it.
          stall = setTimeout(cancel, STALL_MS).unref()
        } else if (failed) controller.error(failed)
        else controller.close()
      },
      cancel,
    },
    { highWaterMark: 0 },
  )
  const done = ended.then(() => (complete && kept && size <= keepBytes && !failed ? kept : null))
  void done.then(() => clearTimeout(stall))
  return { head: first, body, done, progress: () => ({ blocks, packed }) }
}
