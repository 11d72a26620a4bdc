// Who may open what (docs/product.md §Route access): signed-out visitors only /, /sign-in and /verify-identity.
import { redirect } from '@tanstack/react-router'
import type { Me } from '../../lib/me.ts'

const PUBLIC_PATHS = new Set(['/', '/sign-in', '/verify-identity'])

function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/')
}

/** Root guard: a signed-out visitor of any other path goes to /sign-in. */
export function requireUserUnlessPublic(user: Me | null, pathname: string) {
  if (!user && !isPublicPath(pathname)) throw redirect({ to: '/sign-in', replace: true })
}

/** Guest-only pages (/sign-in, /verify-identity): a signed-in user goes to /icons. */
export function redirectSignedIn(user: Me | null) {
  if (user) throw redirect({ to: '/icons', replace: true })
}
