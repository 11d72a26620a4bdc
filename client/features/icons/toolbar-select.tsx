// The toolbar's selects (status, sort, tile size): Radix Select loads after the first tiles painted
// (ADR 0406); until then the same trigger shows, aria-disabled, with the chosen option's label.
// Keep the trigger's look in step with components/ui/select.tsx.
import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../components/ui/cn.ts'
import type { Select } from '../../components/ui/select.tsx'
import { afterPaint } from '../../lib/after-paint.tsx'

type SelectProps<T extends string> = Parameters<typeof Select<T>>[0]

function SelectPlaceholder({ value, options, className, ...props }: SelectProps<string>) {
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-controls={undefined}
      aria-disabled
      id={props.id}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      className={cn(
        'inline-flex h-9 min-w-28 items-center justify-between gap-2 rounded-md border border-line bg-raised px-3 text-sm text-fg',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-50',
        className,
      )}
    >
      <span>{options.find((option) => option.value === value)?.label}</span>
      <ChevronDown className="size-3.5 text-muted" aria-hidden />
    </button>
  )
}

type Real = (props: SelectProps<string>) => ReactNode

/**
 * The placeholder until Radix Select is loaded, then the real select, swapped in one commit that
 * keeps a keyboard user's focus on the trigger (lib/after-paint.tsx; ADR 0406).
 */
export const ToolbarSelect = afterPaint<SelectProps<string>>(
  () => import('../../components/ui/select.tsx').then((m) => m.Select as Real),
  SelectPlaceholder,
) as <T extends string>(props: SelectProps<T>) => ReactNode
