// The project a user last opened in this browser (/icons reopens it), per user in
// localStorage. Remembered when a project opens (use-current.ts), forgotten when it turns out to be
// gone; reopened once per page load, when /icons is entered without a project.
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useProject } from './projects.ts'

const key = (userId: string) => `iconvault-last-project:${userId}`

export function rememberLastProject(userId: string, projectId: string) {
  // Nobody signed in (the page signing out): nothing to remember, nor anyone to remember it for.
  if (!userId) return
  try {
    localStorage.setItem(key(userId), projectId)
  } catch {
    // storage unavailable: /icons opens without a project
  }
}

export function forgetLastProject(userId: string, projectId?: string) {
  try {
    if (!projectId || localStorage.getItem(key(userId)) === projectId) localStorage.removeItem(key(userId))
  } catch {
    // storage unavailable: nothing kept
  }
}

function lastProject(userId: string): string | null {
  try {
    return localStorage.getItem(key(userId))
  } catch {
    return null
  }
}

/** Whether this page load has entered /icons already (only the first entry reopens). */
let entered = false

/** How long after entering /icons a project that arrives with the first sync is still reopened. */
const REOPEN_WINDOW_MS = 3000

/**
 * On the first entry of /icons without a project in this page load: opens the project last opened
 * here once it is in the local database (at once, or when the first sync brings it, within a few
 * seconds). Answers true while the local database has not answered yet (the page shows loading,
 * not "Select a project" for a moment).
 */
export function useReopenLastProject(userId: string, projectId: string | undefined): boolean {
  const [candidate] = useState(() => {
    if (entered) return null
    entered = true
    return projectId || !userId ? null : lastProject(userId)
  })
  const [since] = useState(() => performance.now())
  const project = useProject(candidate ?? undefined)
  const navigate = useNavigate()
  useEffect(() => {
    if (!candidate || !project || projectId) return
    if (performance.now() - since > REOPEN_WINDOW_MS) return
    void navigate({ to: '/icons', search: { projectId: candidate }, replace: true })
  }, [candidate, project, projectId, since, navigate])
  return candidate !== null && project === undefined && !projectId
}
