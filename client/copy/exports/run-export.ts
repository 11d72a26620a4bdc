// Runs an export in a Web Worker (the page stays responsive), or on the main thread in small
// chunks when workers are unavailable, and saves the result as a download.
import type { ExportRequest, ExportResult } from '@common/exports/export-kinds.ts'
import type { WorkerReply } from './export-worker.ts'

export type OnProgress = (done: number, total: number) => void

function inWorker(request: ExportRequest, onProgress: OnProgress): Promise<ExportResult> {
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
    type: 'module',
    name: 'export',
  })
  return new Promise<ExportResult>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
      const reply = event.data
      if (reply.type === 'progress') return onProgress(reply.done, reply.total)
      worker.terminate()
      if (reply.type === 'done') resolve(reply.result)
      else reject(new Error(reply.message))
    })
    worker.addEventListener('error', (event) => {
      worker.terminate()
      reject(new Error(event.message || 'The export could not be built'))
    })
    worker.postMessage(request)
  })
}

async function onMainThread(request: ExportRequest, onProgress: OnProgress): Promise<ExportResult> {
  const { buildExport } = await import('@common/exports/build-export.ts')
  return buildExport(request, onProgress, 25)
}

export function runExport(request: ExportRequest, onProgress: OnProgress): Promise<ExportResult> {
  if (typeof Worker === 'undefined') return onMainThread(request, onProgress)
  return inWorker(request, onProgress)
}

/** Saves bytes as a file download. */
export function saveFile(result: Pick<ExportResult, 'bytes' | 'mime' | 'fileName'>) {
  const url = URL.createObjectURL(new Blob([result.bytes], { type: result.mime }))
  const link = document.createElement('a')
  link.href = url
  link.download = result.fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
