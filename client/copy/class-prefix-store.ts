// The CSS class prefix of each project (ADR 0105), remembered in this browser (localStorage, one
// entry per project id): used by the CSS copy format, the CSS export and the icon font. Until one is
// chosen, the project's default (common/exports/class-prefix.ts: "Brand icons" → brand-); the empty
// prefix means none. Shared by every component that shows or uses it; other tabs follow a change.
import { defaultClassPrefix, isClassPrefix } from '@common/exports/class-prefix.ts'
import { useSyncExternalStore } from 'react'
import { db } from '../local/db.ts'

const KEY = 'iconvault-class-prefix'
const listeners = new Set<() => void>()
let cache: { raw: string | null; map: Record<string, string> } | null = null

function stored(): Record<string, string> {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    // storage unavailable: every project has its default
  }
  if (cache?.raw === raw) return cache.map
  let map: Record<string, string> = {}
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (parsed && typeof parsed === 'object') map = parsed as Record<string, string>
  } catch {
    map = {}
  }
  cache = { raw, map }
  return map
}

/** The prefix of a project now: the one chosen here, else its default. */
function getClassPrefix(projectId: string, projectName: string): string {
  const chosen = stored()[projectId]
  return typeof chosen === 'string' && isClassPrefix(chosen) ? chosen : defaultClassPrefix(projectName)
}

/** Remembers a prefix for the project (a valid one only: the caller checks with isClassPrefix). */
function setClassPrefix(projectId: string, prefix: string) {
  if (!isClassPrefix(prefix)) return
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...stored(), [projectId]: prefix }))
  } catch {
    // storage unavailable: not remembered
  }
  for (const listener of listeners) listener()
}

/** The prefix of the icon's project for a copy (its name from the local database, for the default). */
export async function classPrefixOf(projectId: string | undefined): Promise<string> {
  if (!projectId) return ''
  const project = await db.projects.get(projectId)
  return getClassPrefix(projectId, project?.name ?? '')
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The project's prefix and its setter, for components ('' and a no-op without a project). */
export function useClassPrefix(
  project: { id: string; name: string } | null | undefined,
): [string, (prefix: string) => void] {
  const get = () => (project ? getClassPrefix(project.id, project.name) : '')
  const prefix = useSyncExternalStore(subscribe, get, get)
  return [prefix, (value: string) => project && setClassPrefix(project.id, value)]
}
