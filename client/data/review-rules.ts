// A workspace's review rules (ADR 0110): read from the server (GET /api/workspaces/review-rules; not
// synced, so not kept offline) and changed there at once (POST /api/workspaces/update-review-rules:
// a preset, or one rule's settings); the answer replaces the cached rules. The server refuses a role
// that may not change them; the forms only hide what the role may not do.
// Kept apart from the checker (rule-checks.ts) and the rules' schemas: the vault imports this for
// its drops, and its first paint does not wait for the SVG parser and zod.
import { anyRuleEnabled } from '@common/review-rules/rule-ids.ts'
import type {
  ReviewPreset,
  ReviewRuleChanges,
  ReviewRules,
  ReviewRulesState,
} from '@common/schemas/review-rules.ts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { queryClient } from '../lib/query-client.ts'
import { queryKeys } from './query-keys.ts'

const rulesQuery = (workspaceId: string) => ({
  queryKey: queryKeys.reviewRules(workspaceId),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api<{ data: ReviewRulesState }>(
        `/api/workspaces/review-rules?workspaceId=${encodeURIComponent(workspaceId)}`,
        { signal },
      )
    ).data,
})

export function useReviewRules(workspaceId: string) {
  return useQuery(rulesQuery(workspaceId))
}

/**
 * The workspace's rules when any is switched on, for checking many drawings at once (the import):
 * the cached answer while it is fresh, else asked once. null: none switched on, or they could not be
 * read (offline): the files are then checked where they are shown.
 */
export async function enabledReviewRules(workspaceId: string): Promise<ReviewRules | null> {
  try {
    const { rules } = await queryClient.fetchQuery({
      ...rulesQuery(workspaceId),
      staleTime: 60_000,
      retry: false,
    })
    return anyRuleEnabled(rules) ? rules : null
  } catch {
    return null
  }
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

/**
 * The rules drawings are checked against (cached a minute). The header's review count asks for them
 * with the queue, so that /review opens with its first checklist without waiting for them.
 */
export function useCheckedRules(workspaceId: string | null) {
  return useQuery({
    ...rulesQuery(workspaceId ?? ''),
    enabled: !!workspaceId,
    staleTime: 60_000,
    meta: { showsOwnError: true },
  })
}
