// Signs this browser out when its session ended elsewhere (ADR 0012): the account was deleted on
// another device, the session revoked, signed out in another tab, or expired. Reported by the live
// stream's `signed-out` event or any 401 (lib/session-end.ts); the server is asked who is signed in
// (a 401 may race a new sign-in), and if nobody is: the sign-in page with the reason
// (/sign-in?ended=…), then the local database (rows and queued changes), the query cache and this
// user's remembered places are cleared. The other tabs of the browser are told and do the same.

import { SESSION_END_REASONS, type SessionEndReason } from '@common/schemas/events.ts'
import type { MeAnswer } from '@common/schemas/me.ts'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { queryKeys } from '../data/query-keys.ts'
import { onSessionEnd } from '../lib/session-end.ts'
import { db, deleteLocalDb } from '../local/db.ts'
import { forgetUserKeys } from '../local/offline-user.ts'

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('iconvault-session')

/** Who the server says is signed in; undefined when it cannot say (offline, an error). */
async function askServer(): Promise<MeAnswer | undefined> {
  try {
    const res = await fetch('/api/me', { credentials: 'include', cache: 'no-store' })
    return res.ok ? ((await res.json()) as MeAnswer) : undefined
  } catch {
    return undefined
  }
}

/** This tab signed out on its own (Sign out, Delete account): the browser's other tabs follow. */
export function announceSessionEnd(reason: SessionEndReason) {
  channel?.postMessage(reason)
}

export function watchSessionEnd(queryClient: QueryClient, router: AnyRouter) {
  let running = false
  // The most telling reason heard while a check runs (a stream's word beats a bare 401).
  let latest: SessionEndReason = 'ended'
  const signedIn = () => queryClient.getQueryData<MeAnswer>(queryKeys.me)?.user ?? null

  async function check(reason: SessionEndReason, tellTabs: boolean) {
    if (reason !== 'ended' || !running) latest = reason
    if (running || !signedIn()) return
    running = true
    try {
      const before = signedIn()
      const answer = await askServer()
      const now = signedIn()
      if (!answer || !before || !now) return // unknown, or this tab is signing out on its own
      if (answer.user) {
        // Someone is signed in (a new sign-in in another tab): follow it.
        if (answer.user.id !== now.id) {
          queryClient.setQueryData(queryKeys.me, answer)
          await router.invalidate()
        }
        return
      }
      if (tellTabs) channel?.postMessage(latest)
      await signOutHere(latest, now.id)
    } finally {
      running = false
      latest = 'ended'
    }
  }

  async function signOutHere(reason: SessionEndReason, userId: string) {
    const lost = await db.outbox.count().catch(() => 0)
    await queryClient.cancelQueries()
    queryClient.setQueryData<MeAnswer>(queryKeys.me, { user: null })
    await router.navigate({
      to: '/sign-in',
      search: { ended: reason, ...(lost ? { lost } : {}) },
      replace: true,
    })
    await deleteLocalDb()
    forgetUserKeys(userId)
    queryClient.clear()
  }

  onSessionEnd((reason) => void check(reason, true))
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    void check(SESSION_END_REASONS.find((r) => r === event.data) ?? 'ended', false)
  })
}
