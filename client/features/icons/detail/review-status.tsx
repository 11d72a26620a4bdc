// The review state of an icon in the detail panel (ADR 0413): its status, Approve and Reject for
// owners and admins (for others a link to the queue they read at /review) (POST /api/icons/review through the review flow: failing rules are named and
// overridden only when confirmed), the last rejection's comment while it stands (the server clears it
// when the drawing changes), and for an icon waiting for review the checklist of the workspace's
// rules with the offending elements highlighted, and what changed since approval.
import { reviewMessages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { CheckCheck, X } from 'lucide-react'
import { DrawingDiff } from '../../../components/review/drawing-diff.tsx'
import { useReviewFlow } from '../../../components/review/review-flow.tsx'
import { RuleChecklist } from '../../../components/review/rule-checklist.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useIconReviews } from '../../../data/reviews.ts'
import { useRuleChecks } from '../../../data/rule-checks.ts'
import type { LocalIcon } from '../../../local/db.ts'

export function ReviewStatus({ icon, canApprove }: { icon: LocalIcon; canApprove: boolean }) {
  const review = icon.icon_status === 'needs-review'
  const outcome = useRuleChecks(review ? icon.svg : null, icon.workspace_id)
  const flow = useReviewFlow()
  const comment = icon.review_comment ?? ''
  const reviews = useIconReviews(icon.id, icon.revision, !!comment).data
  const by = reviews?.find((r) => r.decision === 'reject')?.user
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="icon-status"
          className={
            review
              ? 'rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-600 dark:text-amber-400'
              : 'rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400'
          }
        >
          {review ? 'Needs review' : 'Approved'}
        </span>
        {review && canApprove ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={flow.busy}
              onClick={() => flow.approve(icon, outcome)}
              data-testid="detail-approve"
            >
              <CheckCheck className="size-3.5" aria-hidden /> {reviewMessages.approve}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={flow.busy}
              onClick={() => flow.reject(icon)}
              data-testid="detail-reject"
            >
              <X className="size-3.5" aria-hidden /> {reviewMessages.reject}
            </Button>
          </>
        ) : review && icon.workspace_id ? (
          <Link
            to="/review"
            search={{ project: icon.project_id }}
            className="text-xs text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="detail-review-queue"
          >
            {reviewMessages.openQueue}
          </Link>
        ) : null}
      </div>
      {comment ? (
        <p
          className="rounded-lg border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-fg"
          data-testid="review-comment"
        >
          <span className="font-medium text-danger">
            {by ? reviewMessages.rejectedBy(by.name || by.email) : reviewMessages.rejectedOnIcon}:
          </span>{' '}
          {comment}
        </p>
      ) : null}
      {review && outcome ? <RuleChecklist svg={icon.svg} outcome={outcome} /> : null}
      {review && canApprove && icon.approved_revision ? <DrawingDiff icon={icon} /> : null}
      {flow.dialogs}
    </div>
  )
}
