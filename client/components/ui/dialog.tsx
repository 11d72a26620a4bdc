// Radix Dialog with our look: a centred modal or a right-hand side panel.
import { X } from 'lucide-react'
import { Dialog as D } from 'radix-ui'
import { FocusScope } from 'radix-ui/internal'
import { type ReactNode, useEffect, useState } from 'react'
import { cn } from './cn.ts'
import { useReturnFocus } from './return-focus.ts'

export const Dialog = D.Root
export const DialogTrigger = D.Trigger

interface DialogContentProps {
  title: string
  description?: string
  children: ReactNode
  /** 'modal' is centred (40 % wide, at least 500 px where there is room); 'panel' slides in on the right. */
  variant?: 'modal' | 'panel'
  className?: string
  /** Where focus goes when the dialog closes (default: back to what had it when the dialog opened). */
  onCloseAutoFocus?: (event: Event) => void
  'data-testid'?: string
}

// The overlay shares the content's layer: a dialog opened from a dialog (Tokens from Account) dims the
// one beneath, since later portals paint above earlier ones of the same z-index.
const overlay =
  'fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px] data-[state=open]:animate-[iv-fade-in_300ms] data-[state=closed]:animate-[iv-fade-out_300ms]'

const modal =
  'fixed left-1/2 top-1/2 z-50 w-[min(calc(100vw-2rem),max(40vw,500px))] max-h-[85vh] -translate-x-1/2 -translate-y-1/2 ' +
  'overflow-y-auto rounded-xl border border-line bg-raised p-6 shadow-2xl ' +
  'data-[state=open]:animate-[iv-pop-in_300ms] data-[state=closed]:animate-[iv-fade-out_300ms]'

const panel =
  'fixed inset-y-0 right-0 z-50 flex w-[min(500px,100vw)] flex-col border-l border-line bg-raised shadow-2xl ' +
  'data-[state=open]:animate-[iv-slide-in_300ms] data-[state=closed]:animate-[iv-slide-out_300ms]'

/**
 * The page's toaster (toaster.tsx) as a branch of this dialog's focus trap: a toast's action (Undo
 * after Replace SVG… in the detail panel) is reached by Alt+T or Tab while the dialog is open,
 * instead of focus being pulled back into the dialog.
 */
function ToasterInFocusTrap() {
  const [toaster, setToaster] = useState<HTMLElement | null>(null)
  useEffect(() => setToaster(document.querySelector<HTMLElement>('[data-toaster]')), [])
  FocusScope.useFocusScopeBranch(toaster)
  return null
}

export function DialogContent({
  title,
  description,
  children,
  variant = 'modal',
  className,
  onCloseAutoFocus,
  'data-testid': testId,
}: DialogContentProps) {
  const isPanel = variant === 'panel'
  const focus = useReturnFocus(onCloseAutoFocus)
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <D.Content
        className={cn(isPanel ? panel : modal, className)}
        aria-describedby={undefined}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        // A toast's action (Undo, Restore) is not a click outside: the dialog stays (toaster.tsx).
        onInteractOutside={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-toaster]'))
            event.preventDefault()
        }}
        data-testid={testId}
      >
        <ToasterInFocusTrap />
        <div
          className={cn(
            'flex items-start justify-between gap-4',
            isPanel && 'border-b border-line px-5 py-4',
          )}
        >
          <div className="space-y-1">
            <D.Title className="text-base font-semibold text-fg">{title}</D.Title>
            {description ? <D.Description className="text-sm text-muted">{description}</D.Description> : null}
          </div>
          <D.Close
            aria-label="Close"
            className="rounded-md p-1 text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
          >
            <X className="size-4" aria-hidden />
          </D.Close>
        </div>
        <div className={cn(isPanel ? 'flex-1 overflow-y-auto px-5 py-4' : 'mt-4')}>{children}</div>
      </D.Content>
    </D.Portal>
  )
}
