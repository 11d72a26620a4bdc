// Radix DropdownMenu and Popover styled alike.
import { DropdownMenu, Popover as P } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from './cn.ts'

const surface =
  'z-50 min-w-44 rounded-lg border border-line bg-raised p-1 text-sm text-fg shadow-xl ' +
  'data-[state=open]:animate-[iv-pop-in_150ms]'

/**
 * Not modal: a modal menu hides the rest of the page with aria-hidden while its controls stay
 * focusable (axe: aria-hidden-focus, and the page's h1 gone). The menu still takes focus, keeps
 * Tab from leaving it, closes on Escape or a click outside, and gives focus back (ADR 0409).
 */
export function Menu(props: ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root modal={false} {...props} />
}
export const MenuTrigger = DropdownMenu.Trigger

/** The menu's popup, in a region of its own (`label`) since it is portalled outside the page's landmarks. */
export function MenuContent({
  className,
  label,
  ...props
}: ComponentProps<typeof DropdownMenu.Content> & { label: string }) {
  return (
    <DropdownMenu.Portal>
      <section aria-label={label}>
        <DropdownMenu.Content sideOffset={6} align="end" className={cn(surface, className)} {...props} />
      </section>
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

/** The popover, portalled: in a region named like it, so its content sits in a landmark too. */
export function PopoverContent({ className, ...props }: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <section aria-label={props['aria-label'] ?? 'Popover'}>
        <P.Content sideOffset={6} align="start" className={cn(surface, 'p-2', className)} {...props} />
      </section>
    </P.Portal>
  )
}
