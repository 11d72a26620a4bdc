// Calls of Account → Tokens (issue 24, ADR 0019): the user's API tokens on the server. Not queued in
// the outbox: a token is no synced row, and its secret must be shown from the server's own answer.
import type { ApiTokenRow, CreateTokenBody } from '@common/schemas/tokens.ts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../data/query-keys.ts'
import { api } from '../../lib/api.ts'

export function useApiTokens(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.apiTokens,
    queryFn: async () => (await api<{ data: ApiTokenRow[] }>('/api/tokens')).data,
    enabled,
    staleTime: 0,
    retry: false,
  })
}

/** Creates a token; answers its id and the token itself (shown once). */
export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateTokenBody) =>
      (await api<{ data: { id: string; token: string } }>('/api/tokens/create', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  })
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await api('/api/tokens/revoke', { body: { id } })
      queryClient.setQueryData<ApiTokenRow[]>(queryKeys.apiTokens, (list) => list?.filter((t) => t.id !== id))
    },
  })
}
