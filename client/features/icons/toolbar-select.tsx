// The toolbar's selects (status, sort, tile size): Radix Select loads after the first tiles painted
// (ADR 0406); until then the same trigger shows, aria-disabled, with the chosen option's label. Not
// through afterPaint: its Suspense swap dropped a keyboard user's focus (see ToolbarSelect).
// Keep the trigger's look in step with components/ui/select.tsx.
import { ChevronDown } from 'lucide-react'
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { cn } from '../../components/ui/cn.ts'
import type { Select } from '../../components/ui/select.tsx'
import { whenContentPainted } from '../../lib/first-paint.ts'

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

type Real = ComponentType<SelectProps<string>>
/** The loaded Radix Select, or why it failed (thrown to the error boundary: chunk-reload.ts). */
let loaded: { Select: Real } | { error: unknown } | null = null
let loading: Promise<void> | null = null
const loadSelect = () => {
  loading ??= whenContentPainted()
    .then(() => import('../../components/ui/select.tsx'))
    .then(
      (m) => {
        loaded = { Select: m.Select as Real }
      },
      (error: unknown) => {
        loaded = { error }
      },
    )
  return loading
}

/**
 * The placeholder until Radix Select is loaded, then the real select, swapped in one commit: a
 * keyboard user who tabbed onto the placeholder keeps the focus on the real trigger (a Suspense
 * fallback in between dropped it onto the page body, and Tab started over; ADR 0406).
 */
export function ToolbarSelect<T extends string>(props: SelectProps<T>) {
  const [state, setState] = useState(loaded)
  const hadFocus = useRef(false)
  const testId = props['data-testid']
  useEffect(() => {
    if (state) return
    let live = true
    loadSelect().then(() => {
      if (!live) return
      hadFocus.current = !!testId && document.activeElement?.getAttribute('data-testid') === testId
      setState(loaded)
    })
    return () => {
      live = false
    }
  }, [state, testId])
  useLayoutEffect(() => {
    if (!state || !hadFocus.current) return
    hadFocus.current = false
    const active = document.activeElement
    if (active && active !== document.body) return // the user moved on meanwhile
    document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus()
  }, [state, testId])
  if (state && 'error' in state) throw state.error
  const Select = state?.Select ?? SelectPlaceholder
  return <Select {...(props as unknown as SelectProps<string>)} />
}
