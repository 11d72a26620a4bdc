// Radix Switch with our look; label it with <Label htmlFor> or aria-label.
import { Switch as S } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from './cn.ts'

export function Switch({ className, ...props }: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-line bg-surface transition-colors',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <S.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-4" />
    </S.Root>
  )
}
