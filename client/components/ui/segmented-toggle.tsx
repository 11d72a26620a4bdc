// A row of pressed-or-not buttons choosing one of a few views ("Compare as": side by side, overlay,
// pixels), in a fieldset whose legend names the choice for screen readers.
import { cn } from './cn.ts'

interface SegmentedToggleProps<T extends string> {
  legend: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange(value: T): void
}

export function SegmentedToggle<T extends string>({
  legend,
  options,
  value,
  onChange,
}: SegmentedToggleProps<T>) {
  return (
    <fieldset className="flex gap-1 self-start rounded-lg border border-line p-0.5">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent pointer-coarse:py-2.5',
            value === option.value
              ? 'bg-accent-solid text-accent-fg'
              : 'text-muted hover:bg-surface hover:text-fg',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  )
}
