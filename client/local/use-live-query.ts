// React binding of Dexie's liveQuery: the component re-renders whenever the rows its query read
// change, in this tab or another one (Dexie tells the other tabs of the browser).
import { liveQuery } from 'dexie'
import { type DependencyList, useMemo, useSyncExternalStore } from 'react'
import { whenLocalDbOpen } from './db.ts'

interface LiveStore<T> {
  subscribe(onChange: () => void): () => void
  getSnapshot(): T | undefined
}

function createLiveStore<T>(query: () => Promise<T> | T, initial: T | undefined): LiveStore<T> {
  let value = initial
  return {
    subscribe(onChange) {
      let active = true
      let subscription: { unsubscribe(): void } | null = null
      const start = () => {
        subscription = liveQuery(query).subscribe({
          next: (next) => {
            value = next
            onChange()
          },
          // The database is closed while it is deleted (sign-out, another user): keep the last value
          // and start again once it is open.
          error: (error: unknown) => {
            if ((error as { name?: string })?.name !== 'DatabaseClosedError') console.error(error)
            else void whenLocalDbOpen().then(() => active && start())
          },
        })
      }
      start()
      return () => {
        active = false
        subscription?.unsubscribe()
      }
    },
    getSnapshot: () => value,
  }
}

/** The result of a Dexie query, live; undefined until its first result arrives (also after `deps` change). */
export function useLiveQuery<T>(query: () => Promise<T> | T, deps: DependencyList): T | undefined {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` decide when the query is new, as in Dexie's own useLiveQuery
  const store = useMemo(() => createLiveStore(query, undefined), deps)
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
