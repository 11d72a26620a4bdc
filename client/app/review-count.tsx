// The header's count of icons waiting for review in the current workspace (ADR 0413), a link to
// /review; for those who may approve there (owners and admins of a workspace that reviews its
// members' icons). The count is the queue's own answer (one source with /review), asked again when
// an icon of the workspace changes review state. The workspace's rules are asked with it, so /review
// shows its first checklist at once.
import { reviewMessages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { Link } from '@tanstack/react-router'
import { ClipboardCheck } from 'lucide-react'
import { useCheckedRules } from '../data/review-rules.ts'
import { useQueueFreshness, useReviewQueue } from '../data/reviews.ts'
import { useCurrent } from '../data/use-current.ts'

export function ReviewCount() {
  const { workspace, role } = useCurrent()
  const reviews = !!workspace?.review_icons && can(role, 'icon:approve')
  const workspaceId = reviews ? (workspace?.id ?? null) : null
  useQueueFreshness(workspaceId)
  const count = useReviewQueue(workspaceId).data?.length
  useCheckedRules(workspaceId)
  if (!reviews || count === undefined) return null
  return (
    <Link
      to="/review"
      aria-label={reviewMessages.waiting(count)}
      title={reviewMessages.waiting(count)}
      className="relative grid size-9 place-items-center rounded-md text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      activeProps={{ className: 'text-fg', 'aria-current': 'page' }}
      data-testid="review-count"
      data-count={count}
    >
      <ClipboardCheck className="size-4" aria-hidden />
      {count ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-amber-500 px-1 text-center text-[10px] leading-4 font-semibold text-black">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  )
}
