// Worker side of fetch-list.ts: fetches a list (same origin, the page's cookies), parses its rows
// here, off the page's thread, as they arrive (list-rows.ts), and posts them back in slices, each
// cheap to receive.
import { listRows } from './list-rows.ts'

interface ListRequest {
  url: string
  slice: number
}

export type ListMessage =
  | { type: 'rows'; rows: unknown[] }
  | { type: 'done'; count: number }
  | { type: 'failed' }

self.onmessage = async (event: MessageEvent<ListRequest>) => {
  const { url, slice } = event.data
  const post = (message: ListMessage) => self.postMessage(message)
  try {
    const response = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } })
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {})
      return post({ type: 'failed' })
    }
    let count = 0
    let held: unknown[] = []
    for await (const run of listRows(response.body)) {
      for (const row of run) held.push(row)
      count += run.length
      if (held.length < slice) continue
      post({ type: 'rows', rows: held })
      held = []
    }
    if (held.length) post({ type: 'rows', rows: held })
    post({ type: 'done', count })
  } catch {
    post({ type: 'failed' })
  }
}
