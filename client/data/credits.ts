// Credits used this month in a workspace (GET /api/credits, from the billing issue). Until that
// endpoint exists it answers 404: the usage is then shown as unknown, without an error toast.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../lib/api.ts'

export interface CreditsUsage {
  month: string
  used: number
  limit: number
}

const creditsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['credits', workspaceId],
    queryFn: async ({ signal }) => {
      try {
        const { data } = await api<{ data: CreditsUsage }>(
          `/api/credits?workspaceId=${encodeURIComponent(workspaceId)}`,
          { signal },
        )
        return data
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: 30_000,
  })

export const useCreditsUsage = (workspaceId: string) => useQuery(creditsQueryOptions(workspaceId)).data
