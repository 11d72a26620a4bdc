// The export worker: builds an export off the main thread (conversion of thousands of icons and
// zipping) and posts progress, then the file's bytes (transferred, not copied).
import { buildExport } from '@common/exports/build-export.ts'
import type { ExportRequest } from '@common/exports/export-kinds.ts'

export type WorkerReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: import('@common/exports/export-kinds.ts').ExportResult }
  | { type: 'error'; message: string }

const post = (reply: WorkerReply, transfer: Transferable[] = []) => self.postMessage(reply, { transfer })

self.addEventListener('message', (event: MessageEvent<ExportRequest>) => {
  buildExport(event.data, (done, total) => post({ type: 'progress', done, total })).then(
    (result) => post({ type: 'done', result }, [result.bytes.buffer]),
    (error: unknown) =>
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  )
})
