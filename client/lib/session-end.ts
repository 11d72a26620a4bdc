// A session that ended behind this tab's back (its account deleted, revoked from another device,
// signed out in another tab, expired): the live stream's `signed-out` event, or any API answer 401,
// reports it here, and app/session-ended.ts signs this browser out (ADR 0012). A sign-out this tab
// makes itself (the Sign out button, Delete account) says so first, so it is not reported twice.
import type { SessionEndReason } from '@common/schemas/events.ts'

let handler: ((reason: SessionEndReason) => void) | null = null
let expectedUntil = 0
/** How long a sign-out of this tab's own keeps the reports quiet. */
const EXPECTED_MS = 15_000

export function onSessionEnd(fn: (reason: SessionEndReason) => void) {
  handler = fn
}

/** The session may have ended (`ended`: a 401, nothing more known) or did (the stream said why). */
export function sessionEnded(reason: SessionEndReason) {
  if (Date.now() < expectedUntil) return
  handler?.(reason)
}

/** This tab is ending its own session (sign-out, account deletion): it says so itself. */
export function expectSessionEnd() {
  expectedUntil = Date.now() + EXPECTED_MS
}
