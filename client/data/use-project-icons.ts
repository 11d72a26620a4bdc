// A project's icons, live from the local database (throttled, see live-project-icons.ts); the project's list is fetched from the server
// into it (through the sync engine's leading tab) when the vault opens. A failed fetch toasts
// 'Failed to get icons' (the query cache toasts query errors). Until that first fetch succeeded the
// local rows may not be all of them, so the vault shows loading, never an empty project (ADR 0300).
import { messages } from '@common/messages.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError } from '../lib/api.ts'
import { firstScreenOf } from '../local/first-visit.ts'
import { syncProjectIcons } from '../local/icons.ts'
import type { IconHead } from './icon-heads.ts'
import { useLiveProjectIcons } from './live-project-icons.ts'
import { queryKeys } from './query-keys.ts'

const FIVE_MINUTES = 5 * 60 * 1000

/**
 * The project's list fetched into the local database: true when done, false when the server says
 * the project is not there (404: no toast, the vault says so at once). Offline first: a project
 * created offline (its create still queued) needs no fetch and is done at once; any other waits,
 * paused, for the network. A `false` is never kept as fresh: a project the caller could not see may
 * become theirs a moment later (an invitation accepted), and the vault that then opens on it must
 * list it, not trust the 404.
 */
export const iconsSyncQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectIconsSync(projectId),
    networkMode: 'offlineFirst',
    staleTime: (query) => (query.state.data === false ? 0 : FIVE_MINUTES),
    queryFn: async () => {
      try {
        await syncProjectIcons(projectId)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false
        throw new ApiError(error instanceof ApiError ? error.status : 0, messages.getIconsFailed)
      }
      return true
    },
  })

export interface ProjectIcons {
  /** undefined while the local database has not answered; without markup (icon-svgs.ts has it). */
  icons: IconHead[] | undefined
  /** The first fetch from the server that found the project is still running (or not begun). */
  syncing: boolean
  /** The first fetch waits for the network (offline): the local icons may not be all of them. */
  waitingForNetwork: boolean
  /** The icons are a first screen shown while the whole list comes (first-visit.ts): no count yet. */
  partial: boolean
}

export function useProjectIcons(projectId: string): ProjectIcons {
  const sync = useQuery(iconsSyncQueryOptions(projectId))
  const icons = useLiveProjectIcons(projectId)
  const paused = sync.fetchStatus === 'paused'
  // A 404 answered before the project was here (it is now: the vault shows it) is being asked again.
  const listing = sync.isPending || (sync.data === false && sync.isFetching)
  // Read as the icons change: a first screen ends with the list that replaces it (or with its failure).
  const partial = listing && firstScreenOf(projectId) !== undefined
  return { icons, syncing: listing && !paused, waitingForNetwork: sync.isPending && paused, partial }
}
