import type { ComponentProps } from 'react'
import { cn } from './cn.ts'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-md border border-line bg-raised px-3 text-sm text-fg placeholder:text-muted',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
        'aria-invalid:border-danger disabled:opacity-60',
        className,
      )}
      {...props}
    />
  )
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn('text-sm font-medium text-fg', className)} {...props} />
}
