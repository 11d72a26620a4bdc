// Loads an icon set once per page: its icons.json (and categories) fetched as hashed, cacheable
// assets, then indexed for search. Progress (bytes read, then indexing) goes to whoever listens;
// a failed load is forgotten so that it can be retried.
import type { IconifyJSON } from '@iconify/types'
import { buildIndex, type IndexEntry } from './search.ts'
import type { IconSet } from './sets.ts'

export interface LoadedSet {
  icons: IconifyJSON
  index: IndexEntry[]
}

/** Bytes read so far and, when the server said, how many there are; `indexing` once all are read. */
export type SetProgress = { loaded: number; total: number | null; indexing: boolean }
type Listener = (progress: SetProgress) => void

const loaded = new Map<string, Promise<LoadedSet>>()
const listeners = new Map<string, Set<Listener>>()

/** Hears the progress of a set's load; returns the way to stop hearing it. */
export function onSetProgress(setId: string, listener: Listener): () => void {
  const set = listeners.get(setId) ?? new Set<Listener>()
  listeners.set(setId, set)
  set.add(listener)
  return () => set.delete(listener)
}

const tell = (setId: string, progress: SetProgress) => {
  for (const listener of listeners.get(setId) ?? []) listener(progress)
}

/** Reads a response body as text, telling how far it got (a compressed body has no known length). */
async function readText(res: Response, report: (loaded: number, total: number | null) => void) {
  const length = Number(res.headers.get('content-length'))
  const total = length > 0 && !res.headers.get('content-encoding') ? length : null
  if (!res.body) return res.text()
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let read = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    read += value.byteLength
    text += decoder.decode(value, { stream: true })
    report(read, total)
  }
  return text + decoder.decode()
}

async function fetchJson<T>(
  url: string,
  report?: (loaded: number, total: number | null) => void,
): Promise<T> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`The icon set could not be loaded (HTTP ${res.status})`)
  return JSON.parse(report ? await readText(res, report) : await res.text()) as T
}

export function loadIconSet(set: IconSet): Promise<LoadedSet> {
  let promise = loaded.get(set.id)
  if (!promise) {
    promise = (async () => {
      const [icons, metadata] = await Promise.all([
        set
          .icons()
          .then((m) =>
            fetchJson<IconifyJSON>(m.default, (bytes, total) =>
              tell(set.id, { loaded: bytes, total, indexing: false }),
            ),
          ),
        set.metadata?.().then((m) => fetchJson<{ categories?: Record<string, string[]> }>(m.default)),
      ])
      tell(set.id, { loaded: 0, total: null, indexing: true })
      // Let the "indexing" state paint before the (synchronous) index is built.
      await new Promise((resolve) => setTimeout(resolve, 0))
      return { icons, index: buildIndex(icons, metadata) }
    })()
    promise.catch(() => loaded.delete(set.id))
    loaded.set(set.id, promise)
  }
  return promise
}
