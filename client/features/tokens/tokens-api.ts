// Calls of Account → Tokens (ADR 0019): the user's API tokens on the server, and the Iconify
// prefixes they reach with the project each answers (ADR 0021). Not queued in the outbox: a token is no
// synced row, and its secret must be shown from the server's own answer.
import type { ApiTokenRow, CreateTokenBody, IconifyPrefixRow, PinPrefixBody } from '@common/schemas/tokens.ts'
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokenPrefixes })
    },
  })
}

/** Each Iconify prefix the user's live tokens reach, with the project that answers it. */
export function useTokenPrefixes(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tokenPrefixes,
    queryFn: async () => (await api<{ data: IconifyPrefixRow[] }>('/api/tokens/prefixes')).data,
    enabled,
    staleTime: 0,
    retry: false,
  })
}

/** Chooses the project a prefix answers for the user's tokens of every project. */
export function usePinPrefix() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PinPrefixBody) => {
      await api('/api/tokens/pin-prefix', { body })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokenPrefixes }),
  })
}
