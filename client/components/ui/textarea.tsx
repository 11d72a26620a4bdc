import type { ComponentProps } from 'react'
import { cn } from './cn.ts'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-20 w-full rounded-md border border-line bg-raised px-3 py-2 text-sm text-fg placeholder:text-muted',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
        'aria-invalid:border-danger disabled:opacity-60',
        className,
      )}
      {...props}
    />
  )
}
