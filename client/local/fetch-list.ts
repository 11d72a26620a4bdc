// Fetches a large list (`{ data: [...] }`, e.g. a project's 10,000 icons, about 7 MB of JSON), its
// rows parsed as the bytes arrive (list-rows.ts), not after the last one: in a Worker, so that parsing
// is no long task on the page's thread (the rows arrive in slices of SLICE, each a few milliseconds to
// receive), or on the page's thread when nothing is shown yet. Anything unusual (no Worker, an error
// status, a network failure) is left to the ordinary api() call, which reports it as everywhere else.
import { api } from '../lib/api.ts'
import { listRows } from './list-rows.ts'
import type { ListMessage } from './list-worker.ts'

const SLICE = 500

/** `offThread` false: parse on the page's thread (nothing shows yet, so a worker's start-up is only a delay). */
export async function fetchList<T>(url: string, offThread = true): Promise<T[]> {
  if (!offThread || typeof Worker === 'undefined')
    return (await streamed<T>(url)) ?? (await api<{ data: T[] }>(url)).data
  const rows = await new Promise<T[] | null>((resolve) => {
    let worker: Worker
    try {
      worker = new Worker(new URL('./list-worker.ts', import.meta.url), { type: 'module', name: 'list' })
    } catch {
      resolve(null)
      return
    }
    const out: T[] = []
    const finish = (result: T[] | null) => {
      worker.terminate()
      resolve(result)
    }
    worker.onmessage = (event: MessageEvent<ListMessage>) => {
      const message = event.data
      if (message.type === 'rows') for (const row of message.rows) out.push(row as T)
      else finish(message.type === 'done' && message.count === out.length ? out : null)
    }
    worker.onerror = () => finish(null)
    worker.postMessage({ url: new URL(url, location.href).href, slice: SLICE })
  })
  return rows ?? (await api<{ data: T[] }>(url)).data
}

/** The list read on this thread as it arrives; null when anything is unusual (api() then reports it). */
async function streamed<T>(url: string): Promise<T[] | null> {
  try {
    const response = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } })
    if (!response.ok || !response.body) {
      // Not read here (api() asks again and reports it): an unread answer would hold its connection.
      await response.body?.cancel().catch(() => {})
      return null
    }
    const out: T[] = []
    for await (const run of listRows(response.body)) for (const row of run) out.push(row as T)
    return out
  } catch {
    return null
  }
}
