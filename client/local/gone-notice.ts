// "What happened, and by whom" (ADR 0018): when a project or a
// workspace vanishes from this browser because someone else deleted it, or the user was removed from
// a workspace, every open tab says so in a toast. The leading tab (live.ts) learns it from the
// stream; the other tabs hear it on their own channel (tabs.ts's carries sync traffic).
import { appMessages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { commandAction, type ToastCommand, toast } from '../lib/toast.ts'

/** Long enough to read a sentence with a name in it. */
const NOTICE_MS = 8000

function show(text: string, command?: ToastCommand) {
  const action = commandAction(command)
  toast(text, 'info', action ? { duration: NOTICE_MS, action } : NOTICE_MS)
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('iconvault-notices')
channel?.addEventListener('message', (event: MessageEvent<{ text?: unknown; command?: ToastCommand }>) => {
  if (typeof event.data?.text === 'string') show(event.data.text, event.data.command)
})

/** Shows `text` here and in every other tab of this browser, with a command's action when given. */
export function tellEveryTab(text: string, command?: ToastCommand) {
  show(text, command)
  channel?.postMessage(command ? { text, command } : { text })
}

/** What vanished, as the stream said it (`by`: a name or an e-mail, when the server knows it). */
export type Vanished =
  | { kind: 'project'; name: string; by?: string }
  | { kind: 'workspace'; name: string; by?: string }
  | { kind: 'removed'; name: string; by?: string }
  /** Deleted for good (purged: its owner's account went and nobody else was in it): no restore. */
  | { kind: 'workspace-gone'; name: string }

/** The toast's text for what vanished (pure: unit-tested). */
export function vanishedText(v: Vanished): string {
  if (v.kind === 'project') return appMessages.projectDeletedBy(v.name, v.by, TRASH_DAYS)
  if (v.kind === 'workspace') return appMessages.workspaceDeletedBy(v.name, v.by, TRASH_DAYS)
  if (v.kind === 'workspace-gone') return appMessages.workspaceDeletedForGood(v.name)
  return appMessages.removedFromWorkspace(v.name, v.by)
}

export function tellVanished(v: Vanished) {
  tellEveryTab(vanishedText(v))
}
