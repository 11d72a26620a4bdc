// The last signed-in user, kept beside the local copy so that the app opens from it when the server
// cannot be reached (offline, or the server stopped): the root route gets this user instead of an
// error, the local copy shows, changes queue, and connection.ts refetches /api/me once the server is
// back. Forgotten when the server says nobody is signed in and when the local copy is deleted.
import type { MeUser as Me } from '@common/schemas/me.ts'
import { isUnreachableError, serverReachable, serverUnreachable } from './connection.ts'
import { onBeforeDeleteLocalDb } from './db.ts'

const KEY = 'iconvault-last-user'

function lastUser(): Me | null {
  try {
    const user = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Me | null
    return user && typeof user.id === 'string' && user.id === localStorage.getItem('iconvault-db-owner')
      ? user
      : null
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

/** Loads the user from the server; when it cannot be reached, the last one seen (if any). */
export async function userOrLastSeen(load: () => Promise<{ user: Me | null }>): Promise<{ user: Me | null }> {
  try {
    const answer = await load()
    keep(answer.user)
    serverReachable()
    return answer
  } catch (error) {
    const user = isUnreachableError(error) ? lastUser() : null
    if (!user) throw error
    serverUnreachable()
    return { user }
  }
}
