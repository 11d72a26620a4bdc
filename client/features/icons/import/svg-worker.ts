// The import worker: runs the SVG pipeline (parse, sanitize, normalise, svgo) on batches of
// uploaded files off the main thread, so thousands of files never freeze the page.
import { processSvg } from '@common/svg/index.ts'

export interface WorkItem {
  key: number
  text: string
  idPrefix: string
}
export type WorkResult = { key: number; svg: string } | { key: number; error: string }

self.addEventListener('message', async (event: MessageEvent<WorkItem[]>) => {
  const results: WorkResult[] = []
  for (const item of event.data) {
    try {
      results.push({ key: item.key, svg: await processSvg(item.text, { idPrefix: item.idPrefix }) })
    } catch (error) {
      results.push({ key: item.key, error: error instanceof Error ? error.message : String(error) })
    }
  }
  self.postMessage(results)
})
