// Storage used against the plan's quotas (GET /api/usage, ADR 0308): the personal projects and
// each workspace of the user, for Account and /info. Read when shown (a few seconds' staleness).
import type { StorageOverview } from '@common/schemas/usage.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { queryKeys } from './query-keys.ts'

const storageQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.storage,
    queryFn: ({ signal }) => api<{ data: StorageOverview }>('/api/usage', { signal }).then((r) => r.data),
    staleTime: 5_000,
  })

export const useStorageUsage = () => useQuery(storageQueryOptions())
