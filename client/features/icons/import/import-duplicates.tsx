// The drawings an import held back because the project already has them (ADR 0109): each
// says which icon it repeats, exactly or nearly, with Skip (never stored), Keep anyway (stored now)
// and, when the project has an icon of the same name, Replace (that icon gets this drawing, keeping
// its id); Skip all and Keep all answer for every one. Buttons are 44 px tall on touch screens.
import { duplicateMessages as m } from '@common/messages.ts'
import { Copy } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import type { HeldIcon } from './import-svgs.ts'

export type HeldChoice = 'skip' | 'keep' | 'replace'

export function ImportDuplicates({
  held,
  onResolve,
}: {
  held: readonly HeldIcon[]
  onResolve: (rows: readonly HeldIcon[], choice: HeldChoice) => void
}) {
  if (!held.length) return null
  const touch = 'h-11 sm:h-8'
  return (
    <div className="mt-2 border-t border-line pt-2" data-testid="import-duplicates">
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm font-medium text-fg" aria-live="polite">
          {m.heldTitle(held.length)}
        </p>
        <Button variant="secondary" size="sm" className={touch} onClick={() => onResolve(held, 'skip')}>
          {m.skipAll}
        </Button>
        <Button variant="secondary" size="sm" className={touch} onClick={() => onResolve(held, 'keep')}>
          {m.keepAll}
        </Button>
      </div>
      <ul aria-label={m.listLabel} className="mt-1 max-h-56 space-y-1 overflow-y-auto text-sm">
        {held.map((h) => (
          <li key={h.row.id} className="flex flex-wrap items-center gap-2 py-1" data-kind={h.kind}>
            <Copy className="size-3.5 shrink-0 text-muted" aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="font-medium text-fg">{h.file}</span>
              <span className="text-muted">
                {' · '}
                {h.kind === 'duplicate' ? m.duplicateOf(h.of.name) : m.nearOf(h.of.name)}
              </span>
            </span>
            <span className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                className={touch}
                aria-label={m.skipLabel(h.file)}
                onClick={() => onResolve([h], 'skip')}
              >
                {m.skip}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={touch}
                aria-label={m.keepLabel(h.file)}
                onClick={() => onResolve([h], 'keep')}
              >
                {m.keep}
              </Button>
              {h.sameName ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className={touch}
                  aria-label={m.replaceLabel(h.file, h.sameName.name)}
                  onClick={() => onResolve([h], 'replace')}
                >
                  {m.replace}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
