// Radix Select with our look: a labelled trigger and a list of options.
import { Check, ChevronDown } from 'lucide-react'
import { Select as S } from 'radix-ui'
import { cn } from './cn.ts'

interface SelectProps<T extends string> {
  value: T
  onValueChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: string }>
  id?: string
  'aria-label'?: string
  disabled?: boolean
  className?: string
  'data-testid'?: string
}

export function Select<T extends string>({
  value,
  onValueChange,
  options,
  className,
  ...props
}: SelectProps<T>) {
  return (
    <S.Root value={value} onValueChange={(v) => onValueChange(v as T)} disabled={props.disabled}>
      <S.Trigger
        id={props.id}
        aria-label={props['aria-label']}
        data-testid={props['data-testid']}
        className={cn(
          'inline-flex h-9 min-w-28 items-center justify-between gap-2 rounded-md border border-line bg-raised px-3 text-sm text-fg',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-50',
          className,
        )}
      >
        <S.Value />
        <S.Icon>
          <ChevronDown className="size-3.5 text-muted" aria-hidden />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-[70] min-w-[var(--radix-select-trigger-width)] rounded-lg border border-line bg-raised p-1 text-sm text-fg shadow-xl"
        >
          <S.Viewport>
            {options.map((option) => (
              <S.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer items-center rounded-md py-1.5 pr-2 pl-7 outline-none select-none data-[highlighted]:bg-surface"
              >
                <S.ItemIndicator className="absolute left-2">
                  <Check className="size-3.5 text-accent" aria-hidden />
                </S.ItemIndicator>
                <S.ItemText>{option.label}</S.ItemText>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  )
}
