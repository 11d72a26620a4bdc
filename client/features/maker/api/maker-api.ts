// The maker's calls: capabilities (AI configured? saving allowed here?), credits this month,
// the trace charge and AI generation. Paid calls put the usage they answer into the credits cache.
import type { CreditUsageInfo } from '@common/schemas/billing.ts'
import type { MakerCapabilities, MakerGenerateResult } from '@common/schemas/maker.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { queryClient } from '../../../lib/query-client.ts'

const scopeKey = (workspaceId: string | null) => workspaceId ?? 'personal'
const scopeQuery = (workspaceId: string | null) =>
  workspaceId ? `?workspaceId=${encodeURIComponent(workspaceId)}` : ''

export const fetchCapabilities = async (workspaceId: string | null, signal?: AbortSignal) =>
  (await api<{ data: MakerCapabilities }>(`/api/maker/capabilities${scopeQuery(workspaceId)}`, { signal }))
    .data

const capabilitiesQuery = (workspaceId: string | null) =>
  queryOptions({
    queryKey: ['maker', 'capabilities', scopeKey(workspaceId)],
    queryFn: ({ signal }) => fetchCapabilities(workspaceId, signal),
    staleTime: 60_000,
  })

const creditsQuery = (workspaceId: string | null) =>
  queryOptions({
    queryKey: ['maker', 'credits', scopeKey(workspaceId)],
    queryFn: async ({ signal }) =>
      (await api<{ data: CreditUsageInfo }>(`/api/credits${scopeQuery(workspaceId)}`, { signal })).data,
    staleTime: 30_000,
  })

export const useCapabilities = (workspaceId: string | null) => useQuery(capabilitiesQuery(workspaceId))
export const useCredits = (workspaceId: string | null) => useQuery(creditsQuery(workspaceId)).data

const remember = (workspaceId: string | null, usage: CreditUsageInfo) =>
  queryClient.setQueryData(creditsQuery(workspaceId).queryKey, usage)

/** Pays for one trace before it runs; throws ApiError (403 with the reason) when refused. */
export async function chargeTrace(workspaceId: string | null): Promise<CreditUsageInfo> {
  const body = { action: 'trace', ...(workspaceId ? { workspaceId } : {}) }
  const { data } = await api<{ data: CreditUsageInfo }>('/api/maker/charge', { body })
  remember(workspaceId, data)
  return data
}

export async function generateIcons(
  workspaceId: string | null,
  prompt: string,
  variants: number,
  signal?: AbortSignal,
): Promise<MakerGenerateResult> {
  const body = { prompt, variants, ...(workspaceId ? { workspaceId } : {}) }
  const { data } = await api<{ data: MakerGenerateResult }>('/api/maker/generate', { body, signal })
  remember(workspaceId, data.credits)
  return data
}
