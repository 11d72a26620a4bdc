// The import's progress as it happens: files processed by the pipeline, saved in the browser and
// synced to the server (confirmed), with a bar for each stage, and the files the pipeline refused
// (name and reason) and the stored ones failing the workspace's review rules (import-rule-failures),
// announced to screen readers as they change. A report of an import that went well (nothing refused
// or failing, all synced) goes away by itself after DISMISS_MS, unless the pointer is on it or focus
// is in it (then DISMISS_MS after they leave); one that lists files stays until dismissed.
import { formatCount as count, countOf } from '@common/format-count.ts'
import { reviewMessages } from '@common/messages.ts'
import { CircleAlert, X } from 'lucide-react'
import { type FocusEvent, useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { uncheckedMessage } from '../../../data/duplicates.ts'
import { type HeldChoice, ImportDuplicates } from './import-duplicates.tsx'
import { ImportRuleFailures } from './import-rule-failures.tsx'
import type { HeldIcon } from './import-svgs.ts'
import type { ImportState } from './use-import.ts'
import { useSynced } from './use-synced.ts'

const DISMISS_MS = 5000

/** Calls `dismiss` DISMISS_MS after `ready` holds while the report is neither hovered nor focused. */
function useAutoDismiss(ready: boolean, dismiss: () => void) {
  const [held, setHeld] = useState({ hover: false, focus: false })
  const waiting = ready && !held.hover && !held.focus
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(dismiss, DISMISS_MS)
    return () => clearTimeout(timer)
  }, [waiting, dismiss])
  return {
    onPointerEnter: () => setHeld((h) => ({ ...h, hover: true })),
    onPointerLeave: () => setHeld((h) => ({ ...h, hover: false })),
    onFocus: () => setHeld((h) => ({ ...h, focus: true })),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setHeld((h) => ({ ...h, focus: false }))
    },
  }
}

export function ImportProgress({
  state,
  onDismiss,
  onResolve,
}: {
  state: ImportState
  onDismiss: () => void
  onResolve: (rows: readonly HeldIcon[], choice: HeldChoice) => void
}) {
  const { total, processed, done, added, errors, running, failing } = state
  const synced = useSynced(state.seqs)
  const part = (n: number) => `${total ? Math.round((n / total) * 100) : 100}%`
  const syncText = !added ? '' : synced >= added ? ' · all synced' : ` · ${count(synced)} synced`
  const hold = useAutoDismiss(
    !running && !errors.length && !failing.length && !state.held.length && added > 0 && synced >= added,
    onDismiss,
  )
  return (
    <section
      {...hold}
      aria-label="Import"
      data-testid="import-progress"
      data-state={running ? 'running' : 'done'}
      data-synced={!running && synced >= added ? 'all' : 'waiting'}
      className="mx-3 mb-2 rounded-lg border border-line bg-raised px-3 py-2.5 sm:mx-4"
    >
      <div className="flex items-center gap-3">
        <p className="flex-1 text-sm text-fg" aria-live="polite">
          {running
            ? `Adding icons… ${count(processed)} of ${count(total)} processed · ${count(done)} saved · ${count(synced)} synced`
            : `Added ${count(added)} of ${countOf(total, 'file')}${syncText}`}
          {errors.length ? <span className="text-danger"> · {count(errors.length)} refused</span> : null}
          {failing.length && state.rules ? (
            <span className="text-danger"> · {reviewMessages.importFailingCount(failing.length)}</span>
          ) : null}
        </p>
        {running ? null : (
          <Button
            variant="ghost"
            size="icon"
            // Closing with drawings still held skips them (none is stored), as Skip all does: said in its name.
            aria-label={
              state.held.length ? 'Dismiss import report and skip the held files' : 'Dismiss import report'
            }
            title={state.held.length ? 'Close: the held files are skipped' : undefined}
            onClick={() => {
              if (state.held.length) onResolve(state.held, 'skip')
              onDismiss()
            }}
          >
            <X className="size-4" aria-hidden />
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={processed}
        aria-valuetext={`${processed} processed, ${done} saved, ${synced} synced of ${total}`}
        className="relative mt-2 h-1.5 overflow-hidden rounded-full bg-surface"
      >
        <div className="absolute inset-y-0 left-0 bg-accent/30" style={{ width: part(processed) }} />
        <div className="absolute inset-y-0 left-0 bg-accent/60" style={{ width: part(done) }} />
        <div className="absolute inset-y-0 left-0 bg-accent" style={{ width: part(synced) }} />
      </div>
      {state.unchecked ? (
        <p className="mt-2 text-sm text-muted" data-testid="import-unchecked">
          {uncheckedMessage(state.unchecked)}
        </p>
      ) : null}
      <ImportDuplicates held={state.held} onResolve={onResolve} />
      <ImportRuleFailures failing={failing} rules={state.rules} waitForReview={state.waitForReview} />
      {errors.length ? (
        <ul
          aria-label="Files not added"
          data-testid="import-errors"
          className="mt-2 max-h-36 space-y-1 overflow-y-auto text-sm"
        >
          {errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
            <li key={i} className="flex items-start gap-2">
              <CircleAlert className="mt-0.5 size-3.5 shrink-0 text-danger" aria-hidden />
              <span>
                <span className="font-medium text-fg">{e.name}</span>
                <span className="text-muted">: {e.message}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
