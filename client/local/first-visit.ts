// A first visit of a project's vault on a device that does not hold it yet (ADR 0419). The page
// paints nothing until the project's whole list has come (icon-list.ts; 50,000 icons take 1.5–2 s
// on two cores), and asks for it only once its user, its routes and the vault are loaded. So, as the
// page starts, when it opens on /icons?projectId= of a project not held here, the project's first
// screen (GET /api/icons/first: its first icons in the grid's name order, which is the vault's
// first view) is asked for, and shown, without a count, until the whole list comes
// (live-project-icons.ts). The project's row comes with it: the vault shows before the sync has
// brought the project (ADR 0425). A failure is not reported: the whole list's request reports its own.
import { MAX_FIRST_SCREEN } from '@common/icon-limits.ts'
import type { IconRow, ProjectRow } from '@common/schemas/rows.ts'
import { localOwner } from './local-owner.ts'

/** The smallest tile's side with its gap, in CSS pixels: how many tiles a screen can hold. */
const SMALLEST_TILE_PX = 72

const firstScreens = new Map<string, readonly IconRow[]>()
/** The projects whose first screen came, as the server had them then. */
const projects = new Map<string, ProjectRow>()
/** Projects whose whole list this page has had: a first screen that comes later is not shown. */
const listed = new Set<string>()
/** Projects whose first screen this page asked for (once). */
const asked = new Set<string>()
const listeners = new Set<(projectId: string, rows: readonly IconRow[]) => void>()
const projectListeners = new Set<() => void>()

/** The project of the vault the page opens on, if it does. */
function openedProject(): string | null {
  if (location.pathname !== '/icons') return null
  return new URLSearchParams(location.search).get('projectId') || null
}

/**
 * Before the app's code (first-request.ts, its own small script): a browser whose local copy nobody
 * has claimed holds nothing, so the first screen is asked for at once, not ~0.5 s later once the
 * app's entry has loaded.
 */
export function askFirstScreenAtOnce(): void {
  const projectId = openedProject()
  if (projectId && localOwner() === null) void fetchFirstScreen(projectId)
}

/** As the app starts: the first screen of the project it opens on, when it is not held here. */
export async function startFirstVisit(): Promise<void> {
  const projectId = openedProject()
  if (!projectId) return
  // Unclaimed: asked already (above), or now if that script did not run. Otherwise the database
  // says whether it holds the project (one that does not exist is not created here).
  if (localOwner() !== null) {
    try {
      if (await (await import('./db.ts')).holdsProject(projectId)) return
    } catch {
      return
    }
  }
  await fetchFirstScreen(projectId)
}

async function fetchFirstScreen(projectId: string): Promise<void> {
  if (asked.has(projectId)) return
  asked.add(projectId)
  const perSide = (px: number) => Math.ceil(px / SMALLEST_TILE_PX)
  const limit = Math.min(MAX_FIRST_SCREEN, perSide(innerWidth) * perSide(innerHeight))
  try {
    const response = await fetch(
      `/api/icons/first?project_id=${encodeURIComponent(projectId)}&limit=${limit}`,
      { credentials: 'include', headers: { accept: 'application/json' } },
    )
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      return
    }
    const { data, project } = (await response.json()) as { data: IconRow[]; project?: ProjectRow }
    if (project) {
      projects.set(projectId, project)
      for (const listener of projectListeners) listener()
    }
    if (listed.has(projectId) || !data.length) return
    firstScreens.set(projectId, data)
    for (const listener of listeners) listener(projectId, data)
  } catch {
    // Not shown: the whole list shows when it comes.
  }
}

/** The project's first screen while it is shown without the whole list. */
export const firstScreenOf = (projectId: string) => firstScreens.get(projectId)

/** Hears first screens as they come. */
export function onFirstScreen(listener: (projectId: string, rows: readonly IconRow[]) => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The project's row as its first screen came with it (until the local database has it). */
export const firstScreenProject = (projectId: string) => projects.get(projectId)

/** Hears projects' rows as first screens bring them. */
export function onFirstScreenProject(listener: () => void) {
  projectListeners.add(listener)
  return () => {
    projectListeners.delete(listener)
  }
}

/** The project's whole list came (or failed): its first screen is over. */
export function endFirstScreen(projectId: string): void {
  listed.add(projectId)
  firstScreens.delete(projectId)
}
