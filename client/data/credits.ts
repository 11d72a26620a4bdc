// Credits used this month (GET /api/credits): a workspace's, or the user's own (workspaceId null).
// One cache entry per scope (query-keys.ts), read by /info, Manage Workspace and the maker; a paid
// maker call puts the usage it answers there (`rememberCredits`), so every screen shows it at once.
// A 404 (a workspace the caller is no longer in) is shown as unknown, without an error toast.
import type { CreditUsageInfo } from '@common/schemas/billing.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../lib/api.ts'
import { queryClient } from '../lib/query-client.ts'
import { queryKeys } from './query-keys.ts'

export const creditsQueryOptions = (workspaceId: string | null) =>
  queryOptions({
    queryKey: queryKeys.credits(workspaceId),
    queryFn: async ({ signal }) => {
      const query = workspaceId ? `?workspaceId=${encodeURIComponent(workspaceId)}` : ''
      try {
        return (await api<{ data: CreditUsageInfo }>(`/api/credits${query}`, { signal })).data
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: 30_000,
  })

export const useCreditsUsage = (workspaceId: string | null) => useQuery(creditsQueryOptions(workspaceId)).data

/** The usage a paid call answered: what every screen showing this scope's credits reads next. */
export function rememberCredits(workspaceId: string | null, usage: CreditUsageInfo) {
  queryClient.setQueryData(queryKeys.credits(workspaceId), usage)
}
