// The current workspace (null: personal), remembered per user in localStorage. Each tab keeps its
// own choice once loaded; a new tab starts from the last one made.
import { useSyncExternalStore } from 'react'

const storageKey = (userId: string) => `iconvault-workspace:${userId}`
const current = new Map<string, string | null>()
const listeners = new Set<() => void>()

function read(userId: string): string | null {
  if (!current.has(userId)) {
    let saved: string | null = null
    try {
      saved = localStorage.getItem(storageKey(userId))
    } catch {
      // storage unavailable: start personal
    }
    current.set(userId, saved || null)
  }
  return current.get(userId) ?? null
}

export function setCurrentWorkspaceId(userId: string, workspaceId: string | null) {
  if (!userId || read(userId) === workspaceId) return
  current.set(userId, workspaceId)
  try {
    if (workspaceId) localStorage.setItem(storageKey(userId), workspaceId)
    else localStorage.removeItem(storageKey(userId))
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCurrentWorkspaceId(userId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => null,
  )
}
