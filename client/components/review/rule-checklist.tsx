// The review checklist (ADR 0413): pass or fail for each rule the workspace switched on, the
// checker's message saying what and where, and the drawing with the offending elements highlighted
// (every failing rule's, or the one chosen in the list). The preview is an <img> of the pipeline's
// own serialisation (lib/rule-checklist.ts), like every preview of the app. Shown in the detail
// panel, the review queue, the maker before saving, the import report and Replace SVG.
import { reviewMessages } from '@common/messages.ts'
import type { ReviewRuleId } from '@common/schemas/review-rules.ts'
import { CircleCheck, CircleX } from 'lucide-react'
import { useMemo, useState } from 'react'
import { ICON_INK, iconDataUri } from '../../lib/icon-image.ts'
import { type CheckOutcome, checklistItems, highlightedSvg } from '../../lib/rule-checklist.ts'
import { useTheme } from '../../lib/theme.ts'
import { cn } from '../ui/cn.ts'

interface RuleChecklistProps {
  svg: string
  outcome: CheckOutcome
  /** Without the preview (where a highlighted preview is shown beside it already). */
  compact?: boolean
  /** A note under the list (the maker's "can still be saved"). */
  note?: string
}

export function RuleChecklist({ svg, outcome, compact = false, note }: RuleChecklistProps) {
  const items = useMemo(() => checklistItems(outcome.checks), [outcome])
  const [chosen, setChosen] = useState<ReviewRuleId | null>(null)
  const ink = ICON_INK[useTheme()]
  const failing = items.filter((item) => !item.ok)
  const focus = failing.find((item) => item.rule === chosen) ?? null
  const marked = useMemo(
    () =>
      highlightedSvg(
        svg,
        (focus ? [focus] : failing).flatMap((item) => item.elements),
      ),
    [svg, focus, failing],
  )
  if (outcome.error !== null)
    return (
      <p className="text-sm text-danger" data-testid="rule-checklist" role="status">
        {reviewMessages.checkRefused(outcome.error)}
      </p>
    )
  if (!items.length) return null

  return (
    <section
      aria-label={reviewMessages.checklistTitle}
      className="flex flex-col gap-2 text-sm"
      data-testid="rule-checklist"
      data-failing={failing.length}
    >
      <h3 className="flex items-center gap-1.5 font-medium text-fg">
        {reviewMessages.checklistTitle}
        <span className={cn('text-xs font-normal', failing.length ? 'text-danger' : 'text-muted')}>
          {failing.length
            ? reviewMessages.checksFailed(failing.length, items.length)
            : reviewMessages.checksPassed(items.length)}
        </span>
      </h3>
      <div className={cn('flex gap-3', compact ? '' : 'flex-col min-[420px]:flex-row')}>
        {!compact && failing.length ? (
          <figure className="flex shrink-0 flex-col items-center gap-1">
            <div className="grid size-32 place-items-center rounded-lg border border-line bg-bg">
              <img
                src={iconDataUri(marked, ink)}
                alt={reviewMessages.previewHighlighted}
                className="size-24 object-contain"
                data-testid="checklist-preview"
                data-highlighted={focus?.rule ?? 'all'}
              />
            </div>
            <figcaption className="max-w-32 text-center text-xs text-muted">
              {focus ? reviewMessages.highlightOf(focus.label) : reviewMessages.showAllFailing}
            </figcaption>
          </figure>
        ) : null}
        <ul className="flex min-w-0 flex-1 flex-col gap-1">
          {items.map((item) => {
            const Mark = item.ok ? CircleCheck : CircleX
            const body = (
              <>
                <Mark
                  className={cn('mt-0.5 size-4 shrink-0', item.ok ? 'text-emerald-600' : 'text-danger')}
                  aria-label={item.ok ? 'passed' : 'failed'}
                />
                <span className="min-w-0">
                  <span className="font-medium text-fg">{item.label}</span>{' '}
                  <span className="break-words text-muted">{item.message}</span>
                </span>
              </>
            )
            return (
              <li key={item.rule} data-testid="rule-check" data-rule={item.rule} data-ok={item.ok}>
                {item.ok || compact ? (
                  <div className="flex gap-2 px-1 py-0.5">{body}</div>
                ) : (
                  <button
                    type="button"
                    aria-pressed={chosen === item.rule}
                    onClick={() => setChosen(chosen === item.rule ? null : item.rule)}
                    className={cn(
                      'flex w-full gap-2 rounded-md px-1 py-0.5 text-left hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent pointer-coarse:py-2',
                      chosen === item.rule && 'bg-surface',
                    )}
                  >
                    {body}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      </div>
      {note && failing.length ? <p className="text-xs text-muted">{note}</p> : null}
    </section>
  )
}
