// The tabs of one browser talk through a BroadcastChannel: the tab that leads syncing (engine.ts)
// sends a change's outcome toasts to the tab where the change was made, and other tabs ask it to
// sync something (a project's icons, a workspace's people) or hear that invitations changed. Each tab holds a Web Lock named after
// its id while it lives, so the leader can tell whether the tab that made a change is still open.
import { commandAction, type ToastCommand, type ToastType, toast } from '../lib/toast.ts'

export const TAB_ID = crypto.randomUUID()

/** What a tab may ask the leading tab to fetch. */
export type SyncScope = { all: true } | { icons: string } | { access: string }
const TAB_LOCK = (id: string) => `iconvault-tab:${id}`

export type TabMessage =
  | { type: 'toast'; tab: string; texts: string[]; toastType: ToastType; command?: ToastCommand }
  | { type: 'sync'; id: string; scope: SyncScope }
  | { type: 'sync-done'; id: string; error: string | null; status: number | null }
  | { type: 'invitations-changed' }

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('iconvault-sync')
const listeners = new Set<(message: TabMessage) => void>()
channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
  for (const listener of listeners) listener(event.data)
})

export function onTabMessage(listener: (message: TabMessage) => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Sends to the other tabs of this browser (not to this one). */
export function postToTabs(message: TabMessage) {
  channel?.postMessage(message)
}

let holding = false
/** Holds this tab's lock for as long as the page lives. */
export function holdTabLock() {
  if (holding || !navigator.locks) return
  holding = true
  void navigator.locks.request(TAB_LOCK(TAB_ID), () => new Promise<never>(() => {}))
}

async function isTabOpen(tab: string): Promise<boolean> {
  if (!navigator.locks || !channel) return false
  const { held = [] } = await navigator.locks.query()
  return held.some((lock) => lock.name === TAB_LOCK(tab))
}

/**
 * Shows toasts in the tab that made a change: here, or there if it is still open. A command (an
 * action such as "Restore", lib/toast.ts) goes with the last text.
 */
export async function toastInTab(
  tab: string,
  texts: string[],
  toastType: ToastType = 'error',
  command?: ToastCommand,
) {
  if (tab !== TAB_ID && (await isTabOpen(tab))) {
    postToTabs({ type: 'toast', tab, texts, toastType, ...(command ? { command } : {}) })
    return
  }
  showToasts(texts, toastType, command)
}

function showToasts(texts: string[], toastType: ToastType, command?: ToastCommand) {
  texts.forEach((text, i) => {
    const action = i === texts.length - 1 ? commandAction(command) : undefined
    toast(text, toastType, action ? { action } : {})
  })
}

onTabMessage((message) => {
  if (message.type === 'toast' && message.tab === TAB_ID)
    showToasts(message.texts, message.toastType, message.command)
})
