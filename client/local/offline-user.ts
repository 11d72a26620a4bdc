// The last signed-in user, kept beside the local copy so that the app opens from it when the server
// cannot be reached (offline, or the server stopped): the root route gets this user instead of an
// error, the local copy shows, changes queue, and connection.ts refetches /api/me once the server is
// back. Forgotten when the server says nobody is signed in and when the local copy is deleted; a
// local copy still here when the server says nobody is signed in is deleted then (ADR 0012).
import type { MeUser as Me } from '@common/schemas/me.ts'
import { isUnreachableError, serverReachable, serverUnreachable } from './connection.ts'
import { deleteLocalDb, onBeforeDeleteLocalDb } from './db.ts'
import { OWNER_KEY } from './local-owner.ts'

const KEY = 'iconvault-last-user'

function lastUser(): Me | null {
  try {
    const user = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Me | null
    return user && typeof user.id === 'string' && user.id === localStorage.getItem(OWNER_KEY) ? user : null
  } catch {
    return null
  }
}

function keep(user: Me | null) {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify(user))
    else localStorage.removeItem(KEY)
  } catch {
    // no storage: no offline start
  }
}

onBeforeDeleteLocalDb(() => keep(null))

/**
 * Nobody is signed in, but a local copy was left here (the session ended while no page was open: an
 * account deleted, a session revoked or expired): it goes now, not when someone next signs in.
 */
async function forgetLeftData() {
  let owner: string | null
  try {
    owner = localStorage.getItem(OWNER_KEY)
    if (!owner) return
    localStorage.removeItem(OWNER_KEY)
  } catch {
    return
  }
  forgetUserKeys(owner)
  await deleteLocalDb().catch(() => {})
}

/**
 * What this browser remembered per user (`iconvault-…:<userId>`: the current workspace, the last
 * project) goes with them.
 */
export function forgetUserKeys(userId: string) {
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('iconvault-') && key.endsWith(`:${userId}`)) localStorage.removeItem(key)
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** Loads the user from the server; when it cannot be reached, the last one seen (if any). */
export async function userOrLastSeen(load: () => Promise<{ user: Me | null }>): Promise<{ user: Me | null }> {
  try {
    const answer = await load()
    keep(answer.user)
    if (!answer.user) void forgetLeftData()
    serverReachable()
    return answer
  } catch (error) {
    const user = isUnreachableError(error) ? lastUser() : null
    if (!user) throw error
    serverUnreachable()
    return { user }
  }
}
