// Loads an icon set once per page: its icons.json (and categories) fetched as hashed, cacheable
// assets, then indexed for search. A failed load is forgotten so that it can be retried.
import type { IconifyJSON } from '@iconify/types'
import { buildIndex, type IndexEntry } from './search.ts'
import type { IconSet } from './sets.ts'

export interface LoadedSet {
  icons: IconifyJSON
  index: IndexEntry[]
}

const loaded = new Map<string, Promise<LoadedSet>>()

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`The icon set could not be loaded (HTTP ${res.status})`)
  return (await res.json()) as T
}

export function loadIconSet(set: IconSet): Promise<LoadedSet> {
  let promise = loaded.get(set.id)
  if (!promise) {
    promise = (async () => {
      const [icons, metadata] = await Promise.all([
        set.icons().then((m) => fetchJson<IconifyJSON>(m.default)),
        set.metadata?.().then((m) => fetchJson<{ categories?: Record<string, string[]> }>(m.default)),
      ])
      return { icons, index: buildIndex(icons, metadata) }
    })()
    promise.catch(() => loaded.delete(set.id))
    loaded.set(set.id, promise)
  }
  return promise
}
