// A worker thread of the heavy-work builder (builder.ts): builds one job at a time off the server's
// event loop, under the heap limit the builder started it with: an icon font
// (domain/exports/icon-font.ts), a release's set and changelog (domain/projects/release-set.ts), or
// any other export (common/exports/build-export.ts), streamed: its head once every icon is converted,
// then its ZIP in blocks as they are packed (common/exports/zip-stream.ts), never more than its
// credit ahead of the reader (ADR 0111). The icons arrive in pages (protocol.ts).
// It runs below the event loop's priority, as the SVG workers do, so answers come before builds.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { prepareExport } from '../../common/exports/build-export.ts'
import { exportIcon } from '../../common/exports/export-kinds.ts'
import { zipWriter } from '../../common/exports/zip-stream.ts'
import type { ReleasedIcon } from '../../common/schemas/rows.ts'
import { buildIconFont } from '../domain/exports/icon-font.ts'
import { releaseOutcome, type StoredIconRow } from '../domain/projects/release-set.ts'
import { WORKER_NICE } from '../svg-pool/settings.ts'
import type { FromWorker, HeavyJob, ToWorker } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('server/heavy-work/worker.ts runs as a worker thread')

/** Blocks of the body sent ahead of the reader at first (each about 256 KB). */
const INITIAL_CREDIT = 4

type Job = {
  pages: (StoredIconRow[] | ReleasedIcon[])[]
  latest: ReleasedIcon[][]
  paged: Promise<void>
  endPages(): void
  credit: number
  wake?: () => void
  cancelled: boolean
}
const jobs = new Map<number, Job>()
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)

class Cancelled extends Error {}

async function run(id: number, job: HeavyJob, state: Job) {
  if (job.kind === 'font') {
    const result = await buildIconFont(job.request)
    return post({ id, result }, [result.bytes.buffer])
  }
  await state.paged
  if (state.cancelled) throw new Cancelled()
  let rows = state.pages.flat()
  state.pages = []
  if (job.kind === 'release') {
    const latest = job.latestVersion ? { version: job.latestVersion, set: state.latest.flat() } : null
    const { outcome, setPages } = releaseOutcome(rows as StoredIconRow[], latest)
    rows = []
    // The set to store, a page a message: no one message the event loop takes long to receive.
    if (job.store) for (const setPage of setPages()) post({ id, setPage })
    return post({ id, result: outcome })
  }
  const { entries, body, ...head } = await prepareExport(
    { ...job.request, icons: rows.map(exportIcon) },
    () => {},
  )
  rows = []
  post({ id, head })
  // Each block as it is packed; past the credit, the next waits for the reader to take one.
  let packed = 0
  const send = (chunk: Uint8Array) => {
    state.credit--
    post({ id, chunk, packed }, [chunk.buffer as ArrayBuffer])
  }
  const room = async () => {
    while (state.credit <= 0 && !state.cancelled) await new Promise<void>((resolve) => (state.wake = resolve))
    if (state.cancelled) throw new Cancelled()
  }
  if (body) {
    for (let at = 0; at < body.length; at += 256 * 1024) {
      await room()
      send(body.slice(at, at + 256 * 1024))
    }
  } else {
    const zip = zipWriter(send)
    for (const [i, [name, data]] of entries.entries()) {
      await room()
      zip.add(name, data)
      packed++
      entries[i] = ['', new Uint8Array()]
    }
    zip.end()
  }
  post({ id, end: true })
}

port.on('message', (message: ToWorker) => {
  const { id } = message
  if ('job' in message) {
    let endPages = () => {}
    const paged = new Promise<void>((resolve) => (endPages = resolve))
    const state: Job = { pages: [], latest: [], paged, endPages, credit: INITIAL_CREDIT, cancelled: false }
    jobs.set(id, state)
    run(id, message.job, state)
      .catch((error: unknown) => {
        if (error instanceof Cancelled) post({ id, end: true })
        else post({ id, error: error instanceof Error ? error.message : String(error) })
      })
      .finally(() => jobs.delete(id))
    return
  }
  const state = jobs.get(id)
  if (!state) return
  if ('page' in message) {
    if (message.latest) state.latest.push(message.page as ReleasedIcon[])
    else state.pages.push(message.page)
  } else if ('pagesEnd' in message) state.endPages()
  else if ('more' in message) state.credit += message.more
  else {
    state.cancelled = true
    state.endPages()
  }
  if ('more' in message || 'cancel' in message) {
    state.wake?.()
    state.wake = undefined
  }
})

try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE)
} catch {}
