// A workspace's review rules (ADR 0110): read from the server (GET /api/workspaces/review-rules; not
// synced, so not kept offline) and changed there at once (POST /api/workspaces/update-review-rules:
// a preset, or one rule's settings); the answer replaces the cached rules. The server refuses a role
// that may not change them; the forms only hide what the role may not do.
import type { ReviewPreset, ReviewRuleChanges, ReviewRulesState } from '@common/schemas/review-rules.ts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { queryClient } from '../lib/query-client.ts'
import { queryKeys } from './query-keys.ts'

export function useReviewRules(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.reviewRules(workspaceId),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: ReviewRulesState }>(
          `/api/workspaces/review-rules?workspaceId=${encodeURIComponent(workspaceId)}`,
          { signal },
        )
      ).data,
  })
}

export type ReviewRulesUpdate = { preset?: ReviewPreset | null; rules?: ReviewRuleChanges }

export function useUpdateReviewRules(workspaceId: string) {
  return useMutation({
    mutationFn: async (update: ReviewRulesUpdate) =>
      (
        await api<{ data: ReviewRulesState }>('/api/workspaces/update-review-rules', {
          body: { workspaceId, ...update },
        })
      ).data,
    onSuccess: (state) => queryClient.setQueryData(queryKeys.reviewRules(workspaceId), state),
  })
}
