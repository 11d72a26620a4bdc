// Toast store: created visible, hidden after its duration, removed 500 ms after hiding (docs/product.md §Shell, §Constants).
import { useSyncExternalStore } from 'react'

export type ToastType = 'success' | 'info' | 'error'

export interface Toast {
  id: string
  message: string
  type: ToastType
  duration: number
  visible: boolean
}

const TOAST_DURATION_MS = 4000
const TOAST_REMOVE_DELAY_MS = 500

let toasts: readonly Toast[] = []
const listeners = new Set<() => void>()

function emit(next: readonly Toast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

/** Shows a toast; the type defaults to 'error'. Returns its id. */
export function toast(message: string, type: ToastType = 'error', duration = TOAST_DURATION_MS): string {
  const id = crypto.randomUUID()
  emit([...toasts, { id, message, type, duration, visible: true }])
  setTimeout(() => dismissToast(id), duration)
  return id
}

/** Hides a toast now and removes it 500 ms later. */
export function dismissToast(id: string) {
  const current = toasts.find((t) => t.id === id)
  if (!current?.visible) return
  emit(toasts.map((t) => (t.id === id ? { ...t, visible: false } : t)))
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const getSnapshot = () => toasts

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
