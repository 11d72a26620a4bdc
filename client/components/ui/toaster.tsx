// Renders the toast store (client/lib/toast.ts) in the bottom-left corner, lifted above a control
// floating at the bottom while one is shown (--iv-toast-lift, set by the vault's bulk bar).
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { dismissToast, type ToastType, useToasts } from '../../lib/toast.ts'
import { cn } from './cn.ts'

const icons: Record<ToastType, typeof Info> = { success: CircleCheck, info: Info, error: CircleAlert }
const tones: Record<ToastType, string> = {
  success: 'text-emerald-500',
  info: 'text-sky-500',
  error: 'text-danger',
}

export function Toaster() {
  const toasts = useToasts()
  return (
    <section
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
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-lg border border-line bg-raised px-3.5 py-3 text-sm text-fg shadow-lg',
              'transition-[opacity,translate,visibility] duration-300',
              t.visible ? 'animate-[iv-pop-in_200ms]' : 'invisible translate-y-2 opacity-0',
            )}
          >
            <Icon className={cn('mt-0.5 size-4 shrink-0', tones[t.type])} aria-hidden />
            <p className="flex-1 break-words">{t.message}</p>
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
