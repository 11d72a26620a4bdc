// Runs the SVG pipeline on many inputs: a small pool of workers (svg-worker.ts), or the pipeline
// loaded on the main thread (dynamic import) when workers are unavailable; each file is checked
// against the workspace's review rules where it is processed (process-file.ts). Results are stored
// in large batches, in the order of the inputs (store-queue.ts).
import type { ReviewRules } from '@common/schemas/review-rules.ts'
import { loadSvgPipeline } from '../../../copy/svg-pipeline.ts'
import { processFile, type WorkBatch, type WorkItem, type WorkResult } from './process-file.ts'
import { storeQueue } from './store-queue.ts'
import type { WorkMessage } from './svg-worker.ts'

const BATCH = 50

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./svg-worker.ts', import.meta.url), { type: 'module', name: 'svg-import' })
  } catch {
    return null
  }
}

async function onMainThread(
  { items, rules }: WorkBatch,
  onProcessed: (key: number) => void,
): Promise<WorkResult[]> {
  const [{ processSvg }, { checkSvg }] = await Promise.all([
    loadSvgPipeline(),
    import('@common/review-rules/index.ts'),
  ])
  const out: WorkResult[] = []
  for (const item of items) {
    out.push(await processFile(item, rules, { processSvg, checkSvg }))
    onProcessed(item.key)
  }
  await new Promise((resolve) => setTimeout(resolve, 0))
  return out
}

function inWorker(
  worker: Worker,
  batch: WorkBatch,
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
    worker.postMessage(batch)
  })
}

/** Results are stored in few, large transactions: each one wakes every live query of the icons. */
const STORING = { every: 250, atLeastMs: 400, atMost: 1000 }

/**
 * Processes `total` inputs, read lazily a batch at a time (`read`), and hands the results to
 * `onBatch` in large batches, one after another, while the workers go on. `onProcessed` hears how
 * many inputs went through the pipeline so far, file by file (at most once a frame). `rules`: the
 * workspace's review rules to check each file against (null: none), awaited while the first files
 * are read.
 */
export async function processAll(
  total: number,
  read: (from: number, to: number) => Promise<WorkItem[]>,
  onBatch: (results: WorkResult[]) => Promise<void>,
  signal: AbortSignal,
  onProcessed: (count: number) => void = () => {},
  rules: Promise<ReviewRules | null> = Promise.resolve(null),
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
  // Each worker's feeder reads its next batch while its worker processes the current one.
  const feed = async (worker: Worker | null) => {
    for (let reading = take(); reading; ) {
      const batch = { items: await reading, rules: await rules }
      reading = take()
      try {
        store.add(worker ? await inWorker(worker, batch, tick) : await onMainThread(batch, tick))
      } catch {
        worker?.terminate()
        worker = null
        store.add(await onMainThread(batch, tick))
      }
    }
  }
  try {
    await Promise.all(workers.map(feed))
    await store.flush()
    onProcessed(processed.size)
  } finally {
    cancelAnimationFrame(frame)
    for (const worker of workers) worker?.terminate()
  }
}
