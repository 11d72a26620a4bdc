// A project's icons, live from the local database, without re-reading the whole project after each
// write. The project is read whole once; after that:
// - rows this tab's sync or live stream stores are announced right after the commit (bulk-write.ts
//   onStored) and taken as they are;
// - Dexie's `storagemutated` event (every write, this tab's and, through a BroadcastChannel, other
//   tabs') names the keys of small writes (changed-keys.ts): only those rows are read again; a write
//   that names a range (50 rows or more at once) and was not announced means one whole read.
// Reads are throttled to one every THROTTLE_MS. A list this tab has just fetched from the server
// shows before it is stored (icon-list.ts onIconList, icon-list-state.ts): a first visit paints from the
// network instead of waiting for 10,000 rows to be written to IndexedDB and read back (ADR 0402), and
// a new device's first screen of the project (first-visit.ts) shows before that list (ADR 0419).
// What it holds of each icon is its head, not its markup (ADR 0423).
import Dexie from 'dexie'
import { useMemo, useSyncExternalStore } from 'react'
import { onStored, type Stored } from '../local/bulk-write.ts'
import { changedKeys } from '../local/changed-keys.ts'
import { db, type LocalIcon } from '../local/db.ts'
import { firstScreenOf, onFirstScreen } from '../local/first-visit.ts'
import { type IconListEvent, onIconList } from '../local/icon-list.ts'
import { projectIcons } from '../local/icons.ts'
import type { IconHead } from './icon-heads.ts'
import { IconListState } from './icon-list-state.ts'

const THROTTLE_MS = 250

function createStore(projectId: string) {
  const state = new IconListState(projectId)
  let whole = true // the next read reads the whole project
  // Writes whose event named a range, and how many of them this tab's writers explained (onStored).
  let ranges = 0
  let explained = 0
  const dirty = new Set<string>() // else the rows to read again
  let reading = false
  let lastRead = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()
  const notify = (changed: boolean) => {
    if (changed) for (const listener of listeners) listener()
  }

  // Rows announced while a read was running: newer than what that read may answer.
  let storedDuringRead = new Map<string, LocalIcon | undefined>()

  const read = async () => {
    reading = true
    lastRead = performance.now()
    if (ranges > explained) whole = true
    ranges = 0
    explained = 0
    const all = whole
    const ids = all ? [] : [...dirty]
    whole = false
    dirty.clear()
    if (!all && !ids.length) {
      reading = false
      return
    }
    try {
      let changed = all
        ? state.replaceAll(await projectIcons(projectId))
        : state.update(ids, await db.icons.bulkGet(ids))
      if (storedDuringRead.size) {
        changed = state.update([...storedDuringRead.keys()], [...storedDuringRead.values()]) || changed
      }
      notify(changed)
    } catch (error) {
      // The database closes on sign-out while the page unmounts: keep the last value.
      if ((error as { name?: string })?.name !== 'DatabaseClosedError') console.error(error)
    } finally {
      reading = false
      storedDuringRead = new Map()
      if (whole || dirty.size || ranges) schedule()
    }
  }
  const schedule = () => {
    if (reading || timer !== undefined) return
    const wait = Math.max(0, lastRead + THROTTLE_MS - performance.now())
    timer = setTimeout(() => {
      timer = undefined
      void read()
    }, wait)
  }
  const onMutated = (parts: Record<string, unknown>) => {
    const keys = changedKeys(parts, db.name, 'icons')
    if (keys === null) ranges++
    else if (!keys.length) return
    else for (const key of keys) dirty.add(key)
    schedule()
  }
  const onList = (event: IconListEvent) => {
    if (event.projectId !== projectId) return
    if (event.type === 'list') notify(state.addFetched(event.rows))
    else {
      // What the sync did not store (or all of it, if it failed) is read back from the database.
      for (const id of state.unconfirmed()) dirty.add(id)
      schedule()
    }
  }
  // Rows this tab's sync or live stream just stored: taken as they are, not read back. Their write's
  // storagemutated event came just before (same task); a range it named is explained by this.
  const onStoredRows = (stored: Stored) => {
    if (stored.table !== 'icons') return
    explained += stored.ranged
    const ids = [...stored.put.map((row) => row.id), ...stored.deleted]
    const rows = [...(stored.put as LocalIcon[]), ...stored.deleted.map(() => undefined)]
    ids.forEach((id, i) => {
      dirty.delete(id)
      if (reading) storedDuringRead.set(id, rows[i])
    })
    notify(state.update(ids, rows))
  }
  const onFirst = (id: string, rows: readonly LocalIcon[]) => {
    if (id === projectId) notify(state.addFetched(rows))
  }
  let offList = () => {}
  let offFirst = () => {}
  let offStored = () => {}
  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (listeners.size === 1) {
        Dexie.on('storagemutated', onMutated)
        offList = onIconList(onList)
        offFirst = onFirstScreen(onFirst)
        offStored = onStored(onStoredRows)
        const first = firstScreenOf(projectId)
        if (first) onFirst(projectId, first)
        whole = true
        schedule()
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size) return
        Dexie.on.storagemutated.unsubscribe(onMutated)
        offList()
        offFirst()
        offStored()
        clearTimeout(timer)
        timer = undefined
      }
    },
    getSnapshot: () => state.value,
  }
}

/**
 * The project's icons without their markup (undefined until first read), following every change
 * within THROTTLE_MS; a tile's drawing comes from icon-svgs.ts.
 */
export function useLiveProjectIcons(projectId: string): IconHead[] | undefined {
  const store = useMemo(() => createStore(projectId), [projectId])
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
