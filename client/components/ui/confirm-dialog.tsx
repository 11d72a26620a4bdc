// A confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels, and focus goes back
// to what had it before.
import { AlertDialog as A } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonClass } from './button.tsx'
import { useReturnFocus } from './return-focus.ts'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  /** The button that keeps things as they are (default 'Cancel'). */
  cancelLabel?: string
  /** The confirm button waits (what the description must say first is not known yet). */
  confirmDisabled?: boolean
  onConfirm: () => void
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  const focus = useReturnFocus()
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-[60] bg-black/50 data-[state=open]:animate-[iv-fade-in_300ms]" />
        <A.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-[60] w-[min(calc(100vw-2rem),440px)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-raised p-6 shadow-2xl data-[state=open]:animate-[iv-pop-in_300ms]"
        >
          <A.Title className="text-base font-semibold text-fg">{title}</A.Title>
          {/* A div, not Radix's p: a description may hold a list (the account deletion's heirs). */}
          <A.Description asChild>
            <div className="mt-2 text-sm text-muted">{description}</div>
          </A.Description>
          <div className="mt-6 flex justify-end gap-2">
            <A.Cancel className={buttonClass('secondary', 'md')}>{cancelLabel}</A.Cancel>
            <A.Action className={buttonClass('danger', 'md')} disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  )
}
