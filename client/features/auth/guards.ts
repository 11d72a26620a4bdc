// Who may open what (docs/product.md §Route access): signed-out visitors only /, /sign-in and /verify-identity.
import { redirect } from '@tanstack/react-router'
import type { Me } from '../../lib/me.ts'
import { safeReturnPath, takeReturnPath } from './return-path.ts'

const PUBLIC_PATHS = new Set(['/', '/sign-in', '/verify-identity'])

function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/')
}

/**
 * Root guard: a signed-out visitor of any other path goes to /sign-in, which takes them back there
 * once signed in (`href`: the path with its search; return-path.ts).
 */
export function requireUserUnlessPublic(user: Me | null, pathname: string, href = pathname) {
  if (user || isPublicPath(pathname)) return
  const next = safeReturnPath(href)
  throw redirect({ to: '/sign-in', search: next ? { next } : {}, replace: true })
}

/** Guest-only pages (/sign-in, /verify-identity): a signed-in user goes to /icons. */
export function redirectSignedIn(user: Me | null) {
  if (user) throw redirect({ to: '/icons', replace: true })
}

/** Where a user who has just signed in goes: the page they were heading to, else /icons. */
export const signedInLanding = () => takeReturnPath() ?? '/icons'
