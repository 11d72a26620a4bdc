// The maker's calls: capabilities (AI configured? saving allowed here?), the trace charge and AI
// generation. Paid calls put the usage they answer into the one credits cache (client/data/credits.ts),
// which the maker's credits note and /info both read.
import type { CreditUsageInfo } from '@common/schemas/billing.ts'
import type { MakerCapabilities, MakerGenerateResult } from '@common/schemas/maker.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { rememberCredits } from '../../../data/credits.ts'
import { queryKeys } from '../../../data/query-keys.ts'
import { api } from '../../../lib/api.ts'

const scopeQuery = (workspaceId: string | null) =>
  workspaceId ? `?workspaceId=${encodeURIComponent(workspaceId)}` : ''

export const fetchCapabilities = async (workspaceId: string | null, signal?: AbortSignal) =>
  (await api<{ data: MakerCapabilities }>(`/api/maker/capabilities${scopeQuery(workspaceId)}`, { signal }))
    .data

const capabilitiesQuery = (workspaceId: string | null) =>
  queryOptions({
    queryKey: queryKeys.makerCapabilities(workspaceId),
    queryFn: ({ signal }) => fetchCapabilities(workspaceId, signal),
    staleTime: 60_000,
  })

export const useCapabilities = (workspaceId: string | null) => useQuery(capabilitiesQuery(workspaceId))

/** Pays for one trace before it runs; throws ApiError (403 with the reason) when refused. */
export async function chargeTrace(workspaceId: string | null): Promise<CreditUsageInfo> {
  const body = { action: 'trace', ...(workspaceId ? { workspaceId } : {}) }
  const { data } = await api<{ data: CreditUsageInfo }>('/api/maker/charge', { body })
  rememberCredits(workspaceId, data)
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
  rememberCredits(workspaceId, data.credits)
  return data
}
