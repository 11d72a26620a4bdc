// A worker thread of the heavy-work builder (builder.ts): builds one export at a time off the
// server's event loop, an icon font (domain/icon-font.ts) or any other server export
// (common/exports/build-export.ts, ZIP included), under the heap limit the builder started it with.
// It runs below the event loop's priority, as the SVG workers do, so answers come before builds.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { buildExport } from '../../common/exports/build-export.ts'
import { buildIconFont } from '../domain/icon-font.ts'
import { WORKER_NICE } from '../svg-pool/settings.ts'
import type { FromBuilder, ToBuilder } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('server/heavy-work/worker.ts runs as a worker thread')

port.on('message', async ({ id, job }: ToBuilder) => {
  try {
    const result =
      job.kind === 'font' ? await buildIconFont(job.request) : await buildExport(job.request, () => {})
    port.postMessage({ id, result } satisfies FromBuilder, [result.bytes.buffer])
  } catch (error) {
    port.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies FromBuilder)
  }
})

try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE)
} catch {}
