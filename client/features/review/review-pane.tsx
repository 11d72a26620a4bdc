// The chosen icon of the review queue (ADR 0413): what it is (name, project, author, when), the
// last rejection's comment while it stands, the actions as buttons (for touch; the keys do the
// same; approve and reject only for those who decide), the checklist of the workspace's rules with the offending elements highlighted, and the
// changes since approval (or, for a new icon, the drawing in context), shown or hidden with D.
import { reviewMessages } from '@common/messages.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { Check, ChevronDown, ChevronUp, Eye, type LucideIcon, X } from 'lucide-react'
import { DrawingDiff } from '../../components/review/drawing-diff.tsx'
import { RuleChecklist } from '../../components/review/rule-checklist.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ICON_INK, iconDataUri } from '../../lib/icon-image.ts'
import type { CheckOutcome } from '../../lib/rule-checklist.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

interface ActionProps {
  icon: LucideIcon
  label: string
  /** The queue's key that does the same (use-review-keys.ts). */
  shortcut: string
  onClick(): void
  disabled?: boolean
  pressed?: boolean
  variant?: 'secondary' | 'danger' | 'primary'
  testId?: string
}

/** One of the pane's buttons: the same as a key of the queue, for touch. */
function Action({
  icon: Icon,
  label,
  shortcut,
  variant = 'secondary',
  pressed,
  testId,
  ...rest
}: ActionProps) {
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={rest.onClick}
      disabled={rest.disabled}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      data-testid={testId}
    >
      <Icon className="size-4" aria-hidden /> {label}
    </Button>
  )
}

/** Reject, then approve: the decisions, for those who decide. */
const DECISIONS: readonly (Pick<ActionProps, 'icon' | 'label' | 'shortcut' | 'variant'> & {
  decision: 'approve' | 'reject'
})[] = [
  { decision: 'reject', icon: X, label: reviewMessages.reject, shortcut: 'R', variant: 'danger' },
  { decision: 'approve', icon: Check, label: reviewMessages.approve, shortcut: 'A', variant: 'primary' },
]

interface ReviewPaneProps {
  icon: IconRow
  position: { index: number; count: number }
  outcome: CheckOutcome | null
  showDiff: boolean
  busy: boolean
  /** May approve and reject (owners and admins); others read the queue. */
  decides: boolean
  projectName: string
  authorName: string
  onMove(delta: 1 | -1): void
  onApprove(): void
  onReject(): void
  onToggleDiff(): void
}

export function ReviewPane(props: ReviewPaneProps) {
  const { icon, position, outcome } = props
  return (
    <article
      className="flex flex-col gap-4"
      aria-labelledby="review-icon-name"
      data-testid="review-pane"
      data-icon-id={icon.id}
    >
      <header className="flex items-start gap-3">
        <div className="grid shrink-0 grid-cols-2 overflow-hidden rounded-lg border border-line">
          <div className="grid size-16 place-items-center bg-white">
            <img src={iconDataUri(icon.svg, ICON_INK.light)} alt="Preview on light" className="size-10" />
          </div>
          <div className="grid size-16 place-items-center bg-[#0c0c0f]">
            <img src={iconDataUri(icon.svg, ICON_INK.dark)} alt="Preview on dark" className="size-10" />
          </div>
        </div>
        <div className="min-w-0 flex-1">
          <h2 id="review-icon-name" className="truncate text-base font-semibold text-fg">
            {icon.name}
          </h2>
          <p className="text-sm text-muted">
            {props.projectName} · {props.authorName} · {dateFormat.format(new Date(icon.updated_at))}
          </p>
          <p className="text-xs text-muted" aria-live="polite">
            {position.index + 1} / {position.count}
          </p>
        </div>
      </header>

      {icon.review_comment ? (
        <p
          className="rounded-lg border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-fg"
          data-testid="review-comment"
        >
          <span className="font-medium text-danger">{reviewMessages.rejectedOnIcon}:</span>{' '}
          {icon.review_comment}
        </p>
      ) : null}

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Review actions</legend>
        <Action
          icon={ChevronUp}
          label="Previous"
          shortcut="K"
          onClick={() => props.onMove(-1)}
          disabled={position.index === 0}
        />
        <Action
          icon={ChevronDown}
          label="Next"
          shortcut="J"
          onClick={() => props.onMove(1)}
          disabled={position.index >= position.count - 1}
        />
        <Action
          icon={Eye}
          label={reviewMessages.showDiff}
          shortcut="D"
          onClick={props.onToggleDiff}
          pressed={props.showDiff}
        />
        {props.decides
          ? DECISIONS.map((d) => (
              <Action
                key={d.decision}
                icon={d.icon}
                label={d.label}
                shortcut={d.shortcut}
                variant={d.variant}
                onClick={d.decision === 'approve' ? props.onApprove : props.onReject}
                disabled={props.busy}
                testId={`review-${d.decision}`}
              />
            ))
          : null}
      </fieldset>

      {outcome ? <RuleChecklist svg={icon.svg} outcome={outcome} /> : null}
      {props.showDiff ? <DrawingDiff icon={icon} /> : null}
    </article>
  )
}
