// The move dialog's question when the target project already holds some of the icons' names
// (ADR 0404): rename, skip or keep both, each saying what it leads to. Native radios in a fieldset:
// arrow keys move between the choices, screen readers read the question, the names and each
// choice's consequence; the checked choice takes the focus when the question appears.
import type { NameClash, NameClashChoice } from '@common/name-clashes.ts'
import { cn } from '../../../components/ui/cn.ts'

interface NameClashStepProps {
  clashes: readonly NameClash[]
  project: string
  choice: NameClashChoice
  onChoice(choice: NameClashChoice): void
}

const SHOWN = 5

/** What each choice does, said before the mover picks it. */
function choices(count: number): { value: NameClashChoice; label: string; consequence: string }[] {
  const them = count === 1 ? 'it' : 'them'
  return [
    {
      value: 'rename',
      label: 'Rename',
      consequence: `Move ${them} with a number added (calendar becomes calendar-2). Code that imports the new names must use them.`,
    },
    {
      value: 'skip',
      label: 'Skip',
      consequence: `Leave ${them} where ${count === 1 ? 'it is' : 'they are'} and move the others.`,
    },
    {
      value: 'keep_both',
      label: 'Keep both',
      consequence:
        'Move them as they are. The project then has two icons of each name, and exports rename the second (calendar-2).',
    },
  ]
}

export function NameClashStep({ clashes, project, choice, onChoice }: NameClashStepProps) {
  const names = clashes.slice(0, SHOWN).map((c) => c.name)
  const more = clashes.length - names.length
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby="name-clash-names">
      <legend className="mb-1 text-sm font-medium text-fg">
        {project} already has {clashes.length === 1 ? 'an icon' : `${clashes.length} icons`} with{' '}
        {clashes.length === 1 ? 'this name' : 'these names'}
      </legend>
      <p id="name-clash-names" className="text-sm break-words text-muted">
        {names.join(', ')}
        {more > 0 ? ` and ${more} more` : ''}
      </p>
      {choices(clashes.length).map((c) => (
        <label
          key={c.value}
          className={cn(
            'flex cursor-pointer gap-3 rounded-md border px-3 py-2 text-sm focus-within:outline-2 focus-within:outline-accent',
            c.value === choice ? 'border-accent bg-accent/10' : 'border-line hover:bg-surface',
          )}
        >
          <input
            type="radio"
            name="name-clash"
            value={c.value}
            checked={c.value === choice}
            onChange={() => onChoice(c.value)}
            aria-describedby={`name-clash-${c.value}`}
            // biome-ignore lint/a11y/noAutofocus: the question replaces the list the focus was in
            autoFocus={c.value === choice}
            className="mt-1 shrink-0"
          />
          <span className="flex min-w-0 flex-col">
            <span className="font-medium text-fg">{c.label}</span>
            <span id={`name-clash-${c.value}`} className="text-muted">
              {c.consequence}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
