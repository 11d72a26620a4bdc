// Runs the SVG pipeline on many inputs: a small pool of workers (svg-worker.ts), or the pipeline
// loaded on the main thread (dynamic import) when workers are unavailable. Results are stored in
// large batches, in the order of the inputs (store-queue.ts).
import { loadSvgPipeline } from '../../../copy/svg-pipeline.ts'
import { storeQueue } from './store-queue.ts'
import type { WorkItem, WorkMessage, WorkResult } from './svg-worker.ts'

const BATCH = 50

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./svg-worker.ts', import.meta.url), { type: 'module', name: 'svg-import' })
  } catch {
    return null
  }
}

async function onMainThread(items: WorkItem[], onProcessed: (key: number) => void): Promise<WorkResult[]> {
  const { processSvg } = await loadSvgPipeline()
  const out: WorkResult[] = []
  for (const item of items) {
    try {
      out.push({ key: item.key, svg: await processSvg(item.text, { idPrefix: item.idPrefix }) })
    } catch (error) {
      out.push({ key: item.key, error: error instanceof Error ? error.message : String(error) })
    }
    onProcessed(item.key)
  }
  await new Promise((resolve) => setTimeout(resolve, 0))
  return out
}

function inWorker(
  worker: Worker,
  items: WorkItem[],
  onProcessed: (key: number) => void,
): Promise<WorkResult[]> {
  return new Promise((resolve, reject) => {
    const done = (event: MessageEvent<WorkMessage>) => {
      if (!Array.isArray(event.data)) return onProcessed(event.data.processed)
      worker.removeEventListener('message', done)
      worker.removeEventListener('error', failed)
      resolve(event.data)
    }
    const failed = (event: ErrorEvent) => {
      worker.removeEventListener('message', done)
      reject(new Error(event.message || 'The SVG worker failed'))
    }
    worker.addEventListener('message', done)
    worker.addEventListener('error', failed, { once: true })
    worker.postMessage(items)
  })
}

/** Results are stored in few, large transactions: each one wakes every live query of the icons. */
const STORING = { every: 250, atLeastMs: 400, atMost: 1000 }

/**
 * Processes `total` inputs, read lazily a batch at a time (`read`), and hands the results to
 * `onBatch` in large batches, one after another, while the workers go on. `onProcessed` hears how
 * many inputs went through the pipeline so far, file by file (at most once a frame).
 */
export async function processAll(
  total: number,
  read: (from: number, to: number) => Promise<WorkItem[]>,
  onBatch: (results: WorkResult[]) => Promise<void>,
  signal: AbortSignal,
  onProcessed: (count: number) => void = () => {},
) {
  const processed = new Set<number>()
  let frame = 0
  const tick = (key: number) => {
    processed.add(key)
    if (!frame)
      frame = requestAnimationFrame(() => {
        frame = 0
        onProcessed(processed.size)
      })
  }
  const size = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2))
  const workers = Array.from({ length: Math.min(size, Math.ceil(total / BATCH)) }, startWorker)
  const store = storeQueue(onBatch, STORING)
  let next = 0
  /** Reads the next batch of inputs, or null when none is left. */
  const take = () => {
    if (next >= total || signal.aborted) return null
    const from = next
    next = Math.min(total, next + BATCH)
    return read(from, next)
  }
  // Each lane reads its next batch while its worker processes the current one.
  const lane = async (worker: Worker | null) => {
    for (let reading = take(); reading; ) {
      const items = await reading
      reading = take()
      try {
        store.add(worker ? await inWorker(worker, items, tick) : await onMainThread(items, tick))
      } catch {
        worker?.terminate()
        worker = null
        store.add(await onMainThread(items, tick))
      }
    }
  }
  try {
    await Promise.all(workers.map(lane))
    await store.flush()
    onProcessed(processed.size)
  } finally {
    cancelAnimationFrame(frame)
    for (const worker of workers) worker?.terminate()
  }
}
