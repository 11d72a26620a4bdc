// GET /api/me: the signed-in user (docs/product.md §Data), the one type the server answers and the
// browser reads. The server's session user (server/middleware/session.ts) and a domain call's actor
// (server/domain/deps.ts) are this type, or part of it.
import type { Plan, SubscriptionStatus } from '../plans.ts'

export type MeUser = {
  id: string
  email: string
  name: string
  plan: Plan
  /** The subscription's status, null without one. */
  status: SubscriptionStatus | null
}

/** What GET /api/me answers: null when signed out. */
export type MeAnswer = { user: MeUser | null }
