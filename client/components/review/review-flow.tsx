// Approving and rejecting an icon (ADR 0413), the same from the review queue and the detail panel:
// approve sends POST /api/icons/review at once when the drawing passes the workspace's rules; when it
// fails some, a confirmation names each failing rule and confirming sends them as `override`. A
// server that still answers `rules_failed` (the rules changed meanwhile) is told as its message.
// Reject asks for a comment (not blank) in a dialog. Each outcome is toasted.
import { reviewMessages } from '@common/messages.ts'
import type { ReviewRuleId } from '@common/schemas/review-rules.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { type FormEvent, useId, useState } from 'react'
import { reviewIcon } from '../../data/reviews.ts'
import { ApiError } from '../../lib/api.ts'
import { type CheckOutcome, failingRules } from '../../lib/rule-checklist.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Dialog, DialogContent } from '../ui/dialog.tsx'
import { Textarea } from '../ui/textarea.tsx'

type Icon = Pick<IconRow, 'id' | 'name' | 'workspace_id'>

interface ReviewFlowOptions {
  /** After a decision the server accepted (the queue moves on). */
  onDecided?(icon: IconRow): void
}

function RejectDialog({
  icon,
  onClose,
  onReject,
}: {
  icon: Icon
  onClose(): void
  onReject(comment: string): Promise<void>
}) {
  const [comment, setComment] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [sending, setSending] = useState(false)
  const fieldId = useId()
  const errorId = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!comment.trim()) {
      setInvalid(true)
      return
    }
    setSending(true)
    try {
      await onReject(comment.trim())
    } finally {
      setSending(false)
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={reviewMessages.rejectTitle(icon.name)}
        description={reviewMessages.rejectBody}
        data-testid="reject-dialog"
      >
        <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
          <label htmlFor={fieldId} className="text-sm font-medium text-fg">
            {reviewMessages.rejectComment}
          </label>
          <Textarea
            id={fieldId}
            value={comment}
            autoFocus
            maxLength={2000}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(e) => {
              setComment(e.target.value)
              if (e.target.value.trim()) setInvalid(false)
            }}
            onKeyDown={(e) => {
              // Ctrl/Cmd+Enter sends from the field (Enter makes a new line).
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e)
            }}
            data-testid="reject-comment"
          />
          {invalid ? (
            <p id={errorId} className="text-sm text-danger" role="alert">
              {reviewMessages.rejectCommentRequired}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={sending} data-testid="reject-confirm">
              {reviewMessages.rejectConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export function useReviewFlow({ onDecided }: ReviewFlowOptions = {}) {
  const [overriding, setOverriding] = useState<{ icon: Icon; failing: ReviewRuleId[] } | null>(null)
  const [rejecting, setRejecting] = useState<Icon | null>(null)
  const [busy, setBusy] = useState(false)

  const send = async (
    icon: Icon,
    decision: 'approve' | 'reject',
    extra: { comment?: string; override?: ReviewRuleId[] },
  ) => {
    setBusy(true)
    try {
      const row = await reviewIcon(icon, decision, extra)
      toast(
        decision === 'approve' ? reviewMessages.approved(icon.name) : reviewMessages.rejected(icon.name),
        'success',
      )
      onDecided?.(row)
      return true
    } catch (error) {
      toast(error instanceof ApiError && error.status < 500 ? error.message : reviewMessages.reviewFailed)
      return false
    } finally {
      setBusy(false)
    }
  }

  /** Approves, asking first when the drawing fails rules (outcome: the checks shown for it). */
  const approve = (icon: Icon, outcome: CheckOutcome | null) => {
    if (busy) return
    const failing = failingRules(outcome?.checks ?? [])
    if (failing.length) setOverriding({ icon, failing })
    else void send(icon, 'approve', {})
  }
  const reject = (icon: Icon) => {
    if (!busy) setRejecting(icon)
  }

  const dialogs = (
    <>
      <ConfirmDialog
        open={!!overriding}
        onOpenChange={(open) => !open && setOverriding(null)}
        title={overriding ? reviewMessages.approveOverTitle(overriding.icon.name) : ''}
        description={
          <>
            <p>{reviewMessages.approveOverBody}</p>
            <ul className="mt-2 list-disc pl-5 text-fg" data-testid="override-rules">
              {overriding?.failing.map((rule) => (
                <li key={rule}>{reviewMessages.ruleLabels[rule]}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={reviewMessages.approveOverConfirm}
        onConfirm={() => {
          if (overriding) void send(overriding.icon, 'approve', { override: overriding.failing })
          setOverriding(null)
        }}
      />
      {rejecting ? (
        <RejectDialog
          icon={rejecting}
          onClose={() => setRejecting(null)}
          onReject={async (comment) => {
            if (await send(rejecting, 'reject', { comment })) setRejecting(null)
          }}
        />
      ) : null}
    </>
  )
  return { approve, reject, busy, dialogs, open: !!overriding || !!rejecting }
}
