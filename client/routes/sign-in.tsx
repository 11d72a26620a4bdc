import { SESSION_END_REASONS, type SessionEndReason } from '@common/schemas/events.ts'
import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedIn } from '../features/auth/guards.ts'
import { safeReturnPath } from '../features/auth/return-path.ts'
import { SignInPage } from '../features/auth/sign-in-page.tsx'

type SignInSearch = { next?: string; ended?: SessionEndReason; lost?: number }

export const Route = createFileRoute('/sign-in')({
  // Where the visitor was heading (the guard's `next`), if it is a page of this app; why they were
  // signed out (`ended`, and how many changes were lost), when the app did it (ADR 0012).
  validateSearch: (search: Record<string, unknown>): SignInSearch => {
    const next = safeReturnPath(search.next)
    const ended = SESSION_END_REASONS.find((r) => r === search.ended)
    const lost = Number(search.lost)
    return {
      ...(next ? { next } : {}),
      ...(ended ? { ended } : {}),
      ...(ended && Number.isInteger(lost) && lost > 0 ? { lost } : {}),
    }
  },
  beforeLoad: ({ context }) => redirectSignedIn(context.user),
  component: SignInPage,
})
