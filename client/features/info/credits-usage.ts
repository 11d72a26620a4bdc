// Maker credits used this month: the user's own (GET /api/credits) for the overview.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CreditsUsage } from '../../data/credits.ts'
import { api } from '../../lib/api.ts'

const personalCreditsQueryOptions = () =>
  queryOptions({
    queryKey: ['credits', 'personal'],
    queryFn: ({ signal }) => api<{ data: CreditsUsage }>('/api/credits', { signal }).then((r) => r.data),
    staleTime: 30_000,
  })

export const usePersonalCredits = () => useQuery(personalCreditsQueryOptions()).data

const monthFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "1,234 of 5,000 credits used in November 2026". */
export function creditsLine(usage: CreditsUsage | null | undefined): string {
  if (!usage) return 'Loading…'
  const month = monthFormat.format(new Date(`${usage.month.slice(0, 7)}-01T00:00:00Z`))
  return `${usage.used.toLocaleString('en')} of ${usage.limit.toLocaleString('en')} credits used in ${month}`
}
