// Request bodies and queries of the subscription calls (docs/product.md §Subscriptions), checkout and credits.
import { z } from 'zod'
import { appMessages } from '../messages.ts'
import { PAID_PLANS } from '../plans.ts'
import { isCleanText } from './fields.ts'

const PROBE_ORIGIN = 'https://iconvault.invalid'

/** The path, query and fragment of `value` resolved on PROBE_ORIGIN, or null when it leaves it. */
function resolvePath(value: string): string | null {
  try {
    const url = new URL(value, PROBE_ORIGIN)
    return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null
  } catch {
    return null
  }
}

/** Paths a browser would read as another host (`//host`) or that hold backslashes, spaces or controls. */
const unsafePath = (path: string) =>
  !path.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path) || !isCleanText(path)

/**
 * A same-origin relative path ('/maker', '/upgrade?x=1'), normalised first and checked after:
 * null for anything that could leave the site, as given or once normalised (absolute or
 * protocol-relative URLs, `/.//evil.example` which normalises to `//evil.example`,
 * backslashes, control characters). Guards every successUrl, cancelUrl and returnUrl
 * against open redirects; callers use the normalised value it returns.
 */
export function sameOriginPath(value: string): string | null {
  if (unsafePath(value)) return null
  const path = resolvePath(value)
  if (path === null || unsafePath(path)) return null
  // Normalising again must change nothing: what is stored is what a browser will follow.
  return resolvePath(path) === path ? path : null
}

const redirectPath = z
  .string({ error: appMessages.redirectPathInvalid })
  .trim()
  .max(2000, { error: appMessages.redirectPathInvalid })
  .transform((v, ctx) => {
    const path = sameOriginPath(v)
    if (path === null) ctx.addIssue({ code: 'custom', message: appMessages.redirectPathInvalid })
    return path ?? ''
  })

export const upgradeSubscriptionBody = z.object({
  plan: z.enum(PAID_PLANS, { error: appMessages.planRequired }),
  successUrl: redirectPath,
  cancelUrl: redirectPath,
})
export type UpgradeSubscriptionBody = z.output<typeof upgradeSubscriptionBody>

export const cancelSubscriptionBody = z.object({ returnUrl: redirectPath })

const checkoutId = z.uuid({ error: appMessages.checkoutNotFound })

export const completeCheckoutBody = z.strictObject({ session: checkoutId })

export const checkoutQuery = z.object({ session: checkoutId })

export const creditsQuery = z.object({
  workspaceId: z.uuid({ error: 'Invalid workspace id' }).optional(),
})

/** What the subscription calls answer: where the browser goes next. */
export type SubscriptionRedirect = { url: string; redirect: true }

/** GET /api/billing/subscription: the caller's subscription, or null without one. */
export type SubscriptionInfo = {
  plan: (typeof PAID_PLANS)[number]
  status: 'active' | 'canceled'
  currentPeriodEnd: string | null
  provider: string
}

/** GET /api/billing/checkout?session=ID (local provider). */
export type CheckoutInfo = {
  id: string
  plan: (typeof PAID_PLANS)[number]
  successUrl: string
  cancelUrl: string
  completed: boolean
  expiresAt: string
}

/** GET /api/credits: credits of the current UTC month. */
export type CreditUsageInfo = { month: string; used: number; limit: number }
