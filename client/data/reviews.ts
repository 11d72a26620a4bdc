// The review gate's server calls (ADR 0413): approving or rejecting an icon (POST /api/icons/review,
// sent at once: the server decides on the rules and the role, and answers the icon), an icon's
// reviews (GET /api/icons/reviews) and a workspace's queue of icons waiting for review (GET
// /api/workspaces/review-queue, oldest first). The answer's icon also reaches the local row through
// the live stream; the queue is asked again whenever an icon of the workspace changes review state
// (useQueueFreshness), so the header's count and /review stay true for every admin.

import type { IconVersionRow } from '@common/schemas/icons.ts'
import type { ReviewRuleId } from '@common/schemas/review-rules.ts'
import type { IconReviewRow, ReviewDecision } from '@common/schemas/reviews.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api } from '../lib/api.ts'
import { queryClient } from '../lib/query-client.ts'
import { db } from '../local/db.ts'
import { useLiveQuery } from '../local/use-live-query.ts'
import { queryKeys } from './query-keys.ts'

export interface ReviewQueueFilter {
  projectId?: string | undefined
  authorId?: string | undefined
}

/** Approves (with the failing rules it overrides) or rejects (with a comment) an icon. */
export async function reviewIcon(
  icon: Pick<IconRow, 'id' | 'workspace_id'>,
  decision: ReviewDecision,
  options: { comment?: string; override?: readonly ReviewRuleId[] } = {},
): Promise<IconRow> {
  const body: Record<string, unknown> = { id: icon.id, decision }
  if (options.comment) body.comment = options.comment
  if (options.override?.length) body.override = [...options.override]
  const answer = await api<{ data: IconRow }>('/api/icons/review', { body })
  if (icon.workspace_id) {
    // Out of the queue at once (the refetch that follows agrees); the count in the header follows.
    const decided = answer.data
    queryClient.setQueriesData<IconRow[]>({ queryKey: queryKeys.reviewQueueAll(icon.workspace_id) }, (rows) =>
      rows?.filter((row) => row.id !== decided.id || decided.icon_status === 'needs-review'),
    )
    void queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueueAll(icon.workspace_id) })
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.iconReviews(icon.id) })
  return answer.data
}

function queuePath(workspaceId: string, filter: ReviewQueueFilter): string {
  const params = new URLSearchParams({ workspaceId })
  if (filter.projectId) params.set('project_id', filter.projectId)
  if (filter.authorId) params.set('author_id', filter.authorId)
  return `/api/workspaces/review-queue?${params}`
}

/** The icons of a workspace waiting for review, oldest first (`enabled` false: not asked). */
export function useReviewQueue(workspaceId: string | null, filter: ReviewQueueFilter = {}, enabled = true) {
  return useQuery<IconRow[]>({
    queryKey: queryKeys.reviewQueue(workspaceId ?? '', filter.projectId ?? '', filter.authorId ?? ''),
    queryFn: ({ signal }) =>
      api<{ data: IconRow[] }>(queuePath(workspaceId ?? '', filter), { signal }).then((a) => a.data),
    enabled: enabled && !!workspaceId,
    placeholderData: keepPreviousData,
    meta: { showsOwnError: true },
  })
}

/**
 * Asks the workspace's queue again when its icons' review state changes locally (a decision, a
 * teammate's new drawing arriving live): a stamp of the workspace's needs-review icons.
 */
export function useQueueFreshness(workspaceId: string | null) {
  const stamp = useLiveQuery(async () => {
    if (!workspaceId) return ''
    const rows = await db.icons.where('icon_status').equals('needs-review').toArray()
    let count = 0
    let latest = ''
    for (const row of rows) {
      if (row.workspace_id !== workspaceId) continue
      count++
      const key = `${row.updated_at}|${row.revision}`
      if (key > latest) latest = key
    }
    return `${count}:${latest}`
  }, [workspaceId])
  const seen = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!workspaceId || stamp === undefined) return
    const first = seen.current === undefined
    seen.current = stamp
    // The first stamp is what the queue was fetched with; only a change asks again.
    if (!first) void queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueueAll(workspaceId) })
  }, [workspaceId, stamp])
}

/** An icon's reviews, newest first; fetched again for each new revision of it. */
export function useIconReviews(iconId: string, revision: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.iconReviewsAt(iconId, revision),
    queryFn: ({ signal }) =>
      api<{ data: IconReviewRow[] }>(`/api/icons/reviews?id=${encodeURIComponent(iconId)}`, { signal }).then(
        (a) => a.data,
      ),
    enabled,
    meta: { showsOwnError: true },
  })
}

/**
 * The drawing an icon was approved with: its approved revision's version from the icon's history
 * (the same cached answer the detail panel's history uses). null: nothing to compare (never
 * approved, or the drawing is the approved one).
 */
export function useApprovedDrawing(icon: Pick<IconRow, 'id' | 'revision' | 'approved_revision' | 'svg'>) {
  const approved = icon.approved_revision ?? null
  const query = useQuery({
    queryKey: queryKeys.iconHistory(icon.id, icon.revision),
    queryFn: ({ signal }) =>
      api<{ data: IconVersionRow[] }>(`/api/icons/history?id=${encodeURIComponent(icon.id)}`, {
        signal,
      }).then((a) => a.data),
    enabled: approved !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { showsOwnError: true },
  })
  const version = approved === null ? undefined : query.data?.find((v) => v.version === approved)
  return {
    approved,
    svg: version?.svg ?? null,
    loading: approved !== null && query.isPending,
    failed: approved !== null && (query.isError || (!!query.data && !version)),
  }
}

/** Up to `count` other icons of the icon's project kept in this browser (approved ones first): the preview in context. */
export function useContextIcons(icon: Pick<IconRow, 'id' | 'project_id'>, count = 4): IconRow[] {
  return (
    useLiveQuery(async () => {
      const rows = await db.icons.where('project_id').equals(icon.project_id).limit(200).toArray()
      const others = rows.filter((row) => row.id !== icon.id)
      others.sort((a, b) => Number(b.icon_status === 'approved') - Number(a.icon_status === 'approved'))
      return others.slice(0, count)
    }, [icon.id, icon.project_id]) ?? []
  )
}
