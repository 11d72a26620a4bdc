// The import worker: runs the SVG pipeline (parse, sanitize, normalise, svgo) on batches of
// uploaded files off the main thread, so thousands of files never freeze the page. Posts the key
// of each file once processed (the import's "processed" progress), then the batch's results.
import { processSvg } from '@common/svg/index.ts'

export interface WorkItem {
  key: number
  text: string
  idPrefix: string
}
export type WorkResult = { key: number; svg: string } | { key: number; error: string }
/** A worker's messages: `{ processed: key }` after each file, then the batch's results. */
export type WorkMessage = WorkResult[] | { processed: number }

self.addEventListener('message', async (event: MessageEvent<WorkItem[]>) => {
  const results: WorkResult[] = []
  for (const item of event.data) {
    try {
      results.push({ key: item.key, svg: await processSvg(item.text, { idPrefix: item.idPrefix }) })
    } catch (error) {
      results.push({ key: item.key, error: error instanceof Error ? error.message : String(error) })
    }
    self.postMessage({ processed: item.key } satisfies WorkMessage)
  }
  self.postMessage(results)
})
