// The signed-in user from GET /api/me (null when signed out), loaded by the root route.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { userOrLastSeen } from '../local/offline-user.ts'
import { api } from './api.ts'

export type Plan = 'free' | 'pro' | 'gold'
type SubscriptionStatus = 'active' | 'canceled' | null

export interface Me {
  id: string
  email: string
  name: string
  plan: Plan
  status: SubscriptionStatus
}

export const meQueryKey = ['me'] as const

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    // Offline or the server stopped: the last user seen, so the app opens from the local copy.
    queryFn: ({ signal }) => userOrLastSeen(() => api<{ user: Me | null }>('/api/me', { signal })),
    staleTime: 5 * 60 * 1000,
    // Root data: not reloaded on focus, reconnect or mount; the session signal and navigation refresh it.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  })

/** The current user; the root route has loaded it before anything renders. */
export function useMe(): Me | null {
  return useQuery(meQueryOptions()).data?.user ?? null
}
