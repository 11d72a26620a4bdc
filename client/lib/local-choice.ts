// A choice remembered in this browser (localStorage) under one key, one of a fixed list of values:
// read at once, shared by every component that shows or uses it, followed by other tabs. Used by
// the copy format and the grid's tile size.
import { useSyncExternalStore } from 'react'

export interface LocalChoice<T extends string> {
  /** The value now (the fallback until one is chosen, or when storage is unavailable). */
  get(): T
  set(value: T): void
  /** The value and its setter, for components. */
  use(): [T, (value: T) => void]
}

export function localChoice<T extends string>(
  key: string,
  values: readonly T[],
  fallback: T,
): LocalChoice<T> {
  const listeners = new Set<() => void>()
  const get = (): T => {
    try {
      const saved = localStorage.getItem(key)
      return values.includes(saved as T) ? (saved as T) : fallback
    } catch {
      return fallback
    }
  }
  const set = (value: T) => {
    try {
      localStorage.setItem(key, value)
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    for (const listener of listeners) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  }
  return { get, set, use: () => [useSyncExternalStore(subscribe, get, get), set] }
}
