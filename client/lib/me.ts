// The signed-in user from GET /api/me (null when signed out), loaded by the root route.
import type { MeAnswer, MeUser } from '@common/schemas/me.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryKeys } from '../data/query-keys.ts'
import { userOrLastSeen } from '../local/offline-user.ts'
import { ApiError, api } from './api.ts'
import { isTransientStatus } from './retry.ts'

/** The user of GET /api/me (common/schemas/me.ts). */
export type Me = MeUser

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    // Offline or the server stopped: the last user seen, so the app opens from the local copy.
    queryFn: ({ signal }) => userOrLastSeen(() => api<MeAnswer>('/api/me', { signal })),
    staleTime: 5 * 60 * 1000,
    // Root data: not reloaded on focus, reconnect or mount; the session signal and navigation refresh it.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    // Nothing renders before it: one quick second try for a blip, then the error view says it
    // (with Retry, Home and Sign out) instead of a blank page for the default backoff, and no toast
    // repeats it.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && !isTransientStatus(error.status)),
    retryDelay: 300,
    meta: { showsOwnError: true },
  })

/** The current user; the root route has loaded it before anything renders. */
export function useMe(): Me | null {
  return useQuery(meQueryOptions()).data?.user ?? null
}
