// Toast store: created visible, hidden after its duration, removed 500 ms after hiding (docs/product.md §Shell, §Constants).
// A toast may carry one action ("Undo", "Restore"): it then stays longer (ACTION_TOAST_MS) and,
// like every toast, stays while the pointer is on it or focus is in it (holdToast), ADR 0408.
// An action made in another tab travels as a command (a name and plain arguments, ToastCommand):
// the tab that shows it runs the handler registered under that name (defineToastCommand).
import { useSyncExternalStore } from 'react'

export type ToastType = 'success' | 'info' | 'error'

export interface ToastAction {
  label: string
  run(): void | Promise<void>
}

/** An action that can cross tabs: run by the handler registered under `name` where it is shown. */
export interface ToastCommand {
  label: string
  name: string
  args: Record<string, unknown>
}

export interface Toast {
  id: string
  message: string
  type: ToastType
  duration: number
  visible: boolean
  action?: ToastAction
}

export interface ToastOptions {
  duration?: number
  action?: ToastAction
}

const TOAST_DURATION_MS = 4000
/** A toast with an action stays long enough to reach it by keyboard or with a screen reader. */
export const ACTION_TOAST_MS = 8000
/** After the pointer or focus leaves a held toast, it stays at least this long. */
const RELEASE_MIN_MS = 2000
const TOAST_REMOVE_DELAY_MS = 500

let toasts: readonly Toast[] = []
const listeners = new Set<() => void>()
/** Each visible toast's timer, when it runs out, and whether it is held (hovered or focused). */
const timers = new Map<string, { timer?: ReturnType<typeof setTimeout>; endsAt: number; held: boolean }>()

function emit(next: readonly Toast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

function arm(id: string, ms: number) {
  const state = timers.get(id)
  if (!state) return
  clearTimeout(state.timer)
  state.endsAt = Date.now() + ms
  state.timer = setTimeout(() => dismissToast(id), ms)
}

/** Shows a toast; the type defaults to 'error'. Returns its id. */
export function toast(
  message: string,
  type: ToastType = 'error',
  options: number | ToastOptions = {},
): string {
  const { duration, action } =
    typeof options === 'number' ? { duration: options, action: undefined } : options
  const ms = duration ?? (action ? ACTION_TOAST_MS : TOAST_DURATION_MS)
  const id = crypto.randomUUID()
  emit([...toasts, { id, message, type, duration: ms, visible: true, ...(action ? { action } : {}) }])
  timers.set(id, { endsAt: 0, held: false })
  arm(id, ms)
  return id
}

/** Keeps a toast while held (pointer on it, focus in it); released, it goes after the time it had left. */
export function holdToast(id: string, held: boolean) {
  const state = timers.get(id)
  if (!state || state.held === held) return
  state.held = held
  if (held) {
    clearTimeout(state.timer)
    state.timer = undefined
    state.endsAt = Math.max(state.endsAt, Date.now() + RELEASE_MIN_MS)
  } else {
    arm(id, Math.max(RELEASE_MIN_MS, state.endsAt - Date.now()))
  }
}

/** Hides a toast now and removes it 500 ms later. */
export function dismissToast(id: string) {
  const current = toasts.find((t) => t.id === id)
  const state = timers.get(id)
  if (state) clearTimeout(state.timer)
  timers.delete(id)
  if (!current?.visible) return
  emit(toasts.map((t) => (t.id === id ? { ...t, visible: false } : t)))
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS)
}

/** Runs a toast's action once and hides the toast. */
export function runToastAction(id: string) {
  const current = toasts.find((t) => t.id === id)
  if (!current?.visible || !current.action) return
  dismissToast(id)
  void Promise.resolve()
    .then(() => current.action?.run())
    .catch((error: unknown) => toast(error instanceof Error ? error.message : String(error)))
}

const commands = new Map<string, (args: Record<string, unknown>) => void | Promise<void>>()

/** Registers what a command does in this tab (a module that can do it registers it when loaded). */
export function defineToastCommand(
  name: string,
  run: (args: Record<string, unknown>) => void | Promise<void>,
) {
  commands.set(name, run)
}

/** The action of a command, or undefined when this tab does not know it (the toast then shows without). */
export function commandAction(command: ToastCommand | undefined): ToastAction | undefined {
  const run = command && commands.get(command.name)
  return command && run ? { label: command.label, run: () => run(command.args) } : undefined
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The toasts as they are now (the hook below reads the same). */
export const currentToasts = () => toasts
const getSnapshot = currentToasts

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
