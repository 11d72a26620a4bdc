// Request bodies and queries of the subscription calls (seed §7), checkout and credits.
import { z } from 'zod'
import { appMessages } from '../messages.ts'
import { PAID_PLANS } from '../plans.ts'

const PROBE_ORIGIN = 'https://iconvault.invalid'

/**
 * A same-origin relative path ('/maker', '/upgrade?x=1'), normalised; null for anything
 * that could leave the site: absolute or protocol-relative URLs, backslashes, control
 * characters. Guards every successUrl, cancelUrl and returnUrl against open redirects.
 */
export function sameOriginPath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//')) return null
  if (/[\\\s]/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) {
    return null
  }
  try {
    const url = new URL(value, PROBE_ORIGIN)
    if (url.origin !== PROBE_ORIGIN) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
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
