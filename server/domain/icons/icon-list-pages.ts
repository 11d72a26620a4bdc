// A project's icon list read page by page (ADR 0304), for icon-list-cache.ts: its first pages up to
// a size (`readHead`: the whole list when it is small enough to keep, its brotli form compressed as
// the pages come), then the rest one page at a time as a streamed answer takes them (`listChunks`).
// Pages come from icon-page-query.ts (queryIconPage, serveIconPage), the next one queried while the last is
// served. A page whose stamp is not the first page's means the list changed: the head is read
// again, a stream ends as a failed transfer.
import { brotliAsYouGo, type KeptAnswer, keptAnswer } from '../../cache/kept-answer.ts'
import { withQueryPriority } from '../../db/query-priority.ts'
import type { Actor, Deps } from '../deps.ts'
import {
  type IconListCursor,
  type IconPage,
  queryIconPage,
  type StoredIconPage,
  serveIconPage,
} from './icon-page-query.ts'

/**
 * Sizes (mutable for tests only). keepBytes: lists up to this much JSON are kept whole (8 MB, about
 * 11,000 icons of the Iconify sets: a 10,000-icon project stays a kept answer; ADR 0304).
 * pageRows / pageBytes: a page's icons and markup (bounds what PGlite's memory grows to).
 */
export const listLimits = { keepBytes: 8 * 1024 * 1024, pageRows: 2000, pageBytes: 2 * 1024 * 1024 }

/** Streamed lists being sent, and pages of lists read (for tests and diagnostics). */
export const listStreams = { open: 0, pages: 0 }

type Head = {
  /** The list's JSON so far (the first opens `{"data":[`). */
  chunks: Buffer[]
  stamp: string
  /** The rest of the list's pages. */
  pages: ReturnType<typeof pageReader>
  /** Whether more pages follow (false: the list is all in `chunks`). */
  more: boolean
  /** Whether a row was written (the next one follows a comma). */
  rows: boolean
  /** Bytes of JSON in `chunks`. */
  bytes: number
  /** The brotli form of `chunks` as they are read, when the list may be small enough to keep. */
  brotli: ReturnType<typeof brotliAsYouGo> | null
}

const CLOSE = Buffer.from(']}')

/** A page's rows as JSON text: `a,b,c` (JSON.stringify of the whole list joins them the same way). */
const pageJson = (rows: unknown[], after: boolean) =>
  `${after ? ',' : ''}${JSON.stringify(rows).slice(1, -1)}`

/** The list's first pages, until past `limit` bytes of JSON or its end; null when it changed meanwhile. */
export async function readHead(
  deps: Deps,
  actor: Actor,
  projectId: string,
  limit: number,
): Promise<Head | null> {
  const pages = pageReader(deps, actor, projectId)
  const head: Head = {
    chunks: [Buffer.from('{"data":[')],
    stamp: '',
    pages,
    rows: false,
    bytes: 9,
    more: true,
    brotli: limit > 0 ? brotliAsYouGo() : null,
  }
  head.brotli?.write(head.chunks[0]!)
  try {
    for (let first = true; ; first = false) {
      const page = await pages.next()
      // A project gone meanwhile is a change too (the access check saw it).
      if (page.stamp === null || (!first && page.stamp !== head.stamp)) {
        head.brotli?.cancel()
        return null
      }
      head.stamp = page.stamp
      if (page.rows.length) {
        const chunk = Buffer.from(pageJson(page.rows, head.rows))
        head.brotli?.write(chunk)
        head.chunks.push(chunk)
        head.rows = true
        head.bytes += chunk.byteLength
      }
      head.more = page.next !== null
      if (!head.more || head.bytes > limit) return head
      await yieldToLoop()
    }
  } catch (error) {
    head.brotli?.cancel()
    throw error
  }
}

/** A head that holds the whole list (`more` false) as a kept answer, its brotli form with it. */
export function keptList(head: Head): KeptAnswer {
  head.brotli?.write(CLOSE)
  return keptAnswer(Buffer.concat([...head.chunks, CLOSE]), head.brotli?.end())
}

/**
 * A list's pages in order. The next page's rows are queried as soon as this page's are in, while
 * this one is served (its markup sanitised, its rows mapped) and sent: the database's thread and the
 * event loop (and the SVG pool) work at once, and at most one page is read ahead.
 */
function pageReader(deps: Deps, actor: Actor, projectId: string) {
  let ahead: Promise<StoredIconPage> | null = queryPage(deps, projectId, null)
  return {
    /** The next page (call only while the last one had a `next`). */
    async next(): Promise<IconPage> {
      const page = await ahead!
      ahead = page.next ? queryPage(deps, projectId, page.next) : null
      return serveIconPage(deps, actor, page)
    },
  }
}

const queryPage = (deps: Deps, projectId: string, after: IconListCursor | null) => {
  listStreams.pages++
  // The pages after the first are bulk reads: a teammate's small reads pass them (ADR 0419).
  const read = () =>
    queryIconPage(deps.db, projectId, after, { rows: listLimits.pageRows, bytes: listLimits.pageBytes })
  const page = after ? withQueryPriority('bulk', read) : read()
  // Read ahead for a reader that may stop first (a client gone, a list changed): its failure is
  // reported to whoever awaits it, and to no one else.
  page.catch(() => {})
  return page
}

/** Lets whatever waits on the event loop run between two pages. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Thrown mid-stream when the list changed: the answer ends as a failed transfer. */
class ListChanged extends Error {
  constructor() {
    super('The icon list changed while it was sent')
  }
}

/**
 * The streamed list's JSON: what was read first, then a page at a time, read only when the reader
 * (the compressor, the socket) asks for more. The reader's return (a client gone) stops it.
 * `sent(bytes)` is told the JSON's size once it is all out.
 */
export async function* listChunks(head: Head, sent: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  listStreams.open++
  try {
    const { chunks, pages } = head
    // Handed out one by one and let go, so that memory falls as the answer goes out.
    while (chunks.length) yield chunks.shift()!
    let rows = head.rows
    let bytes = head.bytes + CLOSE.byteLength
    for (let more = head.more; more; ) {
      await yieldToLoop()
      const page = await pages.next()
      if (page.stamp !== head.stamp) throw new ListChanged()
      more = page.next !== null
      if (page.rows.length) {
        const chunk = Buffer.from(pageJson(page.rows, rows))
        bytes += chunk.byteLength
        yield chunk
        rows = true
      }
    }
    yield CLOSE
    sent(bytes)
  } finally {
    listStreams.open--
  }
}
