// Runs the SVG pipeline on many inputs: a small pool of workers (svg-worker.ts), or the pipeline
// loaded on the main thread (dynamic import) when workers are unavailable. Results are stored in
// large batches, in any order.
import { loadSvgPipeline } from '../../copy/svg-pipeline.ts'
import type { WorkItem, WorkResult } from './svg-worker.ts'

const BATCH = 50

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./svg-worker.ts', import.meta.url), { type: 'module', name: 'svg-import' })
  } catch {
    return null
  }
}

async function onMainThread(items: WorkItem[]): Promise<WorkResult[]> {
  const { processSvg } = await loadSvgPipeline()
  const out: WorkResult[] = []
  for (const item of items) {
    try {
      out.push({ key: item.key, svg: await processSvg(item.text, { idPrefix: item.idPrefix }) })
    } catch (error) {
      out.push({ key: item.key, error: error instanceof Error ? error.message : String(error) })
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 0))
  return out
}

function inWorker(worker: Worker, items: WorkItem[]): Promise<WorkResult[]> {
  return new Promise((resolve, reject) => {
    const done = (event: MessageEvent<WorkResult[]>) => {
      worker.removeEventListener('error', failed)
      resolve(event.data)
    }
    const failed = (event: ErrorEvent) => {
      worker.removeEventListener('message', done)
      reject(new Error(event.message || 'The SVG worker failed'))
    }
    worker.addEventListener('message', done, { once: true })
    worker.addEventListener('error', failed, { once: true })
    worker.postMessage(items)
  })
}

/** Results are stored in few, large transactions: each one wakes every live query of the icons. */
const STORE_EVERY = 250
const STORE_AT_LEAST_MS = 400

/**
 * Processes `total` inputs, read lazily a batch at a time (`read`), and hands the results to
 * `onBatch` in large batches, one after another, while the workers go on.
 */
export async function processAll(
  total: number,
  read: (from: number, to: number) => Promise<WorkItem[]>,
  onBatch: (results: WorkResult[]) => Promise<void>,
  signal: AbortSignal,
) {
  const size = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2))
  const workers = Array.from({ length: Math.min(size, Math.ceil(total / BATCH)) }, startWorker)
  const buffer: WorkResult[] = []
  let storing = Promise.resolve()
  let storedAt = performance.now()
  const store = () => {
    const batch = buffer.splice(0)
    storedAt = performance.now()
    if (batch.length) storing = storing.then(() => onBatch(batch))
    return storing
  }
  let next = 0
  const lane = async (worker: Worker | null) => {
    while (next < total && !signal.aborted) {
      const from = next
      next = Math.min(total, next + BATCH)
      const items = await read(from, next)
      try {
        buffer.push(...(worker ? await inWorker(worker, items) : await onMainThread(items)))
      } catch {
        worker?.terminate()
        worker = null
        buffer.push(...(await onMainThread(items)))
      }
      if (buffer.length >= STORE_EVERY || performance.now() - storedAt > STORE_AT_LEAST_MS) void store()
    }
  }
  try {
    await Promise.all(workers.map(lane))
    await store()
  } finally {
    for (const worker of workers) worker?.terminate()
  }
}
