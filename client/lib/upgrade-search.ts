// /upgrade remembers where it was opened from (`from`: a path of this app, with its search) and the
// open project, so the header keeps the project and a completed checkout returns to that page (the
// import banner, the maker, /info) instead of an empty /maker. The server checks `from` again as a
// same-origin path before it becomes a checkout's success address (common/schemas/billing.ts).
import { useRouterState, useSearch } from '@tanstack/react-router'
import { textOrNothing } from './search-params.ts'

export type UpgradeSearch = { projectId?: string; from?: string }

/** A path of this app: one leading slash, no backslash, no whitespace (anything else is dropped). */
const appPathOrNothing = (value: unknown): string | undefined => {
  const text = textOrNothing(value)
  return text && /^\/(?![/\\])[^\s\\]*$/.test(text) && text.length <= 2000 ? text : undefined
}

/** /upgrade's search parameters: both optional, a bad one dropped rather than an error. */
export function upgradeSearchSchema(search: Record<string, unknown>): UpgradeSearch {
  const projectId = textOrNothing(search.projectId)
  const from = appPathOrNothing(search.from)
  return { ...(projectId ? { projectId } : {}), ...(from ? { from } : {}) }
}

/** The search a link to /upgrade carries from here (on /upgrade itself: what it already has). */
export function useUpgradeSearch(): UpgradeSearch {
  const path = useRouterState({ select: (s) => s.location.pathname })
  const href = useRouterState({ select: (s) => s.location.href })
  const search = useSearch({ strict: false }) as Record<string, unknown>
  if (path === '/upgrade') return upgradeSearchSchema(search)
  const projectId = textOrNothing(search.projectId)
  const from = appPathOrNothing(href)
  return { ...(projectId ? { projectId } : {}), ...(from ? { from } : {}) }
}
