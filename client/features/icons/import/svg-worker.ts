// The import worker: runs the SVG pipeline (parse, sanitize, normalise, svgo) on batches of
// uploaded files off the main thread, so thousands of files never freeze the page, and checks what
// it made against the workspace's review rules (process-file.ts). Posts the key of each file once
// processed (the import's "processed" progress), then the batch's results.
import { checkSvg } from '@common/review-rules/index.ts'
import { processSvg } from '@common/svg/index.ts'
import { processFile, type WorkBatch, type WorkResult } from './process-file.ts'

/** A worker's messages: `{ processed: key }` after each file, then the batch's results. */
export type WorkMessage = WorkResult[] | { processed: number }

self.addEventListener('message', async (event: MessageEvent<WorkBatch>) => {
  const results: WorkResult[] = []
  for (const item of event.data.items) {
    results.push(await processFile(item, event.data.rules, { processSvg, checkSvg }))
    self.postMessage({ processed: item.key } satisfies WorkMessage)
  }
  self.postMessage(results)
})
