// Radix DropdownMenu and Popover styled alike.
import { DropdownMenu, Popover as P } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from './cn.ts'

const surface =
  'z-50 min-w-44 rounded-lg border border-line bg-raised p-1 text-sm text-fg shadow-xl ' +
  'data-[state=open]:animate-[iv-pop-in_150ms]'

export const Menu = DropdownMenu.Root
export const MenuTrigger = DropdownMenu.Trigger

export function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content sideOffset={6} align="end" className={cn(surface, className)} {...props} />
    </DropdownMenu.Portal>
  )
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none',
        'data-[highlighted]:bg-surface data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  )
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />
}

export const Popover = P.Root
export const PopoverTrigger = P.Trigger

export function PopoverContent({ className, ...props }: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content sideOffset={6} align="start" className={cn(surface, 'p-2', className)} {...props} />
    </P.Portal>
  )
}
