// The import report's review verdicts (ADR 0413): how many stored files fail the workspace's review
// rules and which (file name, failing rules); choosing one opens its checklist, each rule with its
// message and the offending elements highlighted on the preview (the shared RuleChecklist, checked
// here again from the memoised checker, import-checklist.tsx). The files are stored: they wait for review.
import { reviewMessages } from '@common/messages.ts'
import type { ReviewRules } from '@common/schemas/review-rules.ts'
import { CircleX } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import type { RuleFailure } from './import-svgs.ts'

const ImportChecklist = lazy(() => import('./import-checklist.tsx'))

interface ImportRuleFailuresProps {
  failing: readonly RuleFailure[]
  rules: ReviewRules | null
  waitForReview: boolean
}

export function ImportRuleFailures({ failing, rules, waitForReview }: ImportRuleFailuresProps) {
  const [open, setOpen] = useState<RuleFailure | null>(null)
  if (!failing.length || !rules) return null
  return (
    <div className="mt-2 text-sm" data-testid="import-rule-failures" data-count={failing.length}>
      <p className="text-fg">{reviewMessages.importFailing(failing.length, waitForReview)}</p>
      <ul aria-label={reviewMessages.importFailingList} className="mt-1 max-h-36 space-y-0.5 overflow-y-auto">
        {failing.map((file) => (
          <li
            key={file.id}
            data-testid="import-rule-failure"
            data-file={file.name}
            data-rules={file.rules.join(' ')}
          >
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpen(file)}
              className="flex w-full items-start gap-2 rounded-md px-1 py-0.5 text-left hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent pointer-coarse:py-2"
            >
              <CircleX className="mt-0.5 size-3.5 shrink-0 text-danger" aria-hidden />
              <span className="min-w-0 break-words">
                <span className="font-medium text-fg">{file.name}</span>
                <span className="text-muted">
                  : {file.rules.map((rule) => reviewMessages.ruleLabels[rule]).join(', ')}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <Dialog open onOpenChange={(shown) => !shown && setOpen(null)}>
          <DialogContent
            title={reviewMessages.importChecklistTitle(open.name)}
            data-testid="import-checklist"
          >
            <Suspense fallback={null}>
              <ImportChecklist svg={open.svg} rules={rules} />
            </Suspense>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  )
}
