// Renders the toast store (client/lib/toast.ts) in the bottom-left corner, lifted above a control
// floating at the bottom while one is shown (--iv-toast-lift, set by the vault's bulk bar).
// A toast's action ("Undo", "Restore") is a button after the message: Alt+T moves focus to the
// newest action (announced with the message), Tab reaches it too (the toaster ends the page), also
// while a dialog is open (dialog.tsx makes the toaster part of its focus trap); a toast stays while
// the pointer is on it or focus is in it (ADR 0408).
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { dismissToast, holdToast, runToastAction, type ToastType, useToasts } from '../../lib/toast.ts'
import { cn } from './cn.ts'

const icons: Record<ToastType, typeof Info> = { success: CircleCheck, info: Info, error: CircleAlert }
const tones: Record<ToastType, string> = {
  success: 'text-emerald-500',
  info: 'text-sky-500',
  error: 'text-danger',
}

/** The key that reaches the newest toast's action. */
const ACTION_KEY = 'Alt+T'

export function Toaster() {
  const toasts = useToasts()
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyT') return
      const actions = section.current?.querySelectorAll<HTMLButtonElement>('[data-toast-action]')
      const newest = actions?.[actions.length - 1]
      if (!newest) return
      event.preventDefault()
      newest.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <section
      ref={section}
      // A modal dialog hides the rest of the page from screen readers (Radix's hideOthers) but keeps
      // live regions: marked as one ("off": each toast announces itself), the toasts stay reachable
      // while the detail panel or a dialog is open; a click on one leaves the dialog open (dialog.tsx).
      aria-live="off"
      data-toaster
      aria-label="Notifications"
      style={{ bottom: 'calc(1rem + var(--iv-toast-lift, 0px))' }}
      className="pointer-events-none fixed left-4 z-[60] flex w-[min(380px,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((t) => {
        const Icon = icons[t.type]
        return (
          <div
            key={t.id}
            role="status"
            aria-live={t.type === 'error' ? 'assertive' : 'polite'}
            aria-hidden={!t.visible}
            // a leaving toast fades for 300 ms: its dismiss button must not stay focusable meanwhile
            inert={!t.visible}
            data-testid="toast"
            data-type={t.type}
            data-state={t.visible ? 'visible' : 'hidden'}
            onPointerEnter={() => holdToast(t.id, true)}
            onPointerLeave={() => holdToast(t.id, false)}
            onFocus={() => holdToast(t.id, true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) holdToast(t.id, false)
            }}
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-lg border border-line bg-raised px-3.5 py-3 text-sm text-fg shadow-lg',
              'transition-[opacity,translate,visibility] duration-300',
              t.visible ? 'animate-[iv-pop-in_200ms]' : 'invisible translate-y-2 opacity-0',
            )}
          >
            <Icon className={cn('mt-0.5 size-4 shrink-0', tones[t.type])} aria-hidden />
            <p className="flex-1 break-words">
              {t.message}
              {t.action ? (
                <span className="sr-only"> {`${t.action.label}: press ${ACTION_KEY}.`}</span>
              ) : null}
            </p>
            {t.action ? (
              <button
                type="button"
                data-toast-action
                data-testid="toast-action"
                aria-keyshortcuts={ACTION_KEY}
                onClick={() => runToastAction(t.id)}
                className="-my-1.5 min-h-8 shrink-0 rounded px-2 py-1 font-semibold text-accent hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
              >
                {t.action.label}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => dismissToast(t.id)}
              aria-label="Dismiss notification"
              className="-m-1 rounded p-1 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </div>
        )
      })}
    </section>
  )
}
