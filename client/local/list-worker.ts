// Worker side of fetch-list.ts: fetches a list (same origin, the page's cookies), parses it here,
// off the page's thread, and posts the rows back in slices, each cheap to receive.
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
    if (!response.ok) return post({ type: 'failed' })
    const { data } = (await response.json()) as { data: unknown[] }
    for (let i = 0; i < data.length; i += slice) post({ type: 'rows', rows: data.slice(i, i + slice) })
    post({ type: 'done', count: data.length })
  } catch {
    post({ type: 'failed' })
  }
}
