// A project's icons, live from the local database, re-read at most a few times a second. Dexie's
// liveQuery re-reads a query after every write that touches it: while thousands of icons are
// stored or confirmed by the server one by one, that is thousands of full reads of the project.
// Here any write to the icons table (in this tab or another: Dexie's storagemutated event crosses
// tabs) schedules one read: at once when none ran recently, else when THROTTLE_MS have passed.
import Dexie from 'dexie'
import { useMemo, useSyncExternalStore } from 'react'
import { db, type LocalIcon } from '../../local/db.ts'
import { projectIcons } from '../../local/icons.ts'

const THROTTLE_MS = 250

function createStore(projectId: string) {
  let value: LocalIcon[] | undefined
  let reading = false
  let dirty = false
  let lastRead = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()
  const prefix = `idb://${db.name}/icons/`

  const read = async () => {
    reading = true
    dirty = false
    lastRead = performance.now()
    try {
      value = await projectIcons(projectId)
      for (const listener of listeners) listener()
    } catch (error) {
      // The database closes on sign-out while the page unmounts: keep the last value.
      if ((error as { name?: string })?.name !== 'DatabaseClosedError') console.error(error)
    } finally {
      reading = false
      if (dirty) schedule()
    }
  }
  const schedule = () => {
    if (reading) {
      dirty = true
      return
    }
    if (timer !== undefined) return
    const wait = Math.max(0, lastRead + THROTTLE_MS - performance.now())
    timer = setTimeout(() => {
      timer = undefined
      void read()
    }, wait)
  }
  const onMutated = (parts: Record<string, unknown>) => {
    if (Object.keys(parts).some((key) => key.startsWith(prefix))) schedule()
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (listeners.size === 1) {
        Dexie.on('storagemutated', onMutated)
        schedule()
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size) return
        Dexie.on.storagemutated.unsubscribe(onMutated)
        clearTimeout(timer)
        timer = undefined
      }
    },
    getSnapshot: () => value,
  }
}

/** The project's icons (undefined until first read), following every change within THROTTLE_MS. */
export function useLiveProjectIcons(projectId: string): LocalIcon[] | undefined {
  const store = useMemo(() => createStore(projectId), [projectId])
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
