import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedIn } from '../features/auth/guards.ts'
import { safeReturnPath } from '../features/auth/return-path.ts'
import { SignInPage } from '../features/auth/sign-in-page.tsx'

export const Route = createFileRoute('/sign-in')({
  // Where the visitor was heading (the guard's `next`), if it is a page of this app.
  validateSearch: (search: Record<string, unknown>): { next?: string } => {
    const next = safeReturnPath(search.next)
    return next ? { next } : {}
  },
  beforeLoad: ({ context }) => redirectSignedIn(context.user),
  component: SignInPage,
})
