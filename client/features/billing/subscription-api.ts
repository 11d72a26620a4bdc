// Calls of the billing feature: the subscription calls under /api/auth (docs/product.md §Subscriptions), the plans' prices,
// the caller's subscription, and the local provider's checkout session.
import type { PaidPlan, PlanPrices } from '@common/plans.ts'
import type { CheckoutInfo, SubscriptionInfo, SubscriptionRedirect } from '@common/schemas/billing.ts'
import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../../data/query-keys.ts'
import { api } from '../../lib/api.ts'

/**
 * Upgrade (docs/product.md §Subscriptions, D11): success goes back to the page /upgrade was opened
 * from (the specification's `/maker` when it was opened directly), cancel back to /upgrade as it was.
 */
export const upgradeSubscription = (plan: PaidPlan, from: { successUrl?: string; cancelUrl: string }) =>
  api<SubscriptionRedirect>('/api/auth/subscription/upgrade', {
    body: { plan, successUrl: from.successUrl ?? '/maker', cancelUrl: from.cancelUrl },
  })

/** `returnUrl`: the page (path and search) the user cancels from, so they land back there. */
export const cancelSubscription = (returnUrl: string) =>
  api<SubscriptionRedirect>('/api/auth/subscription/cancel', { body: { returnUrl } })

/** No payload (docs/product.md §Subscriptions), still a POST. */
export const restoreSubscription = () =>
  api<SubscriptionRedirect>('/api/auth/subscription/restore', { method: 'POST' })

export const completeCheckout = (session: string) =>
  api<{ data: CheckoutInfo }>('/api/billing/checkout/complete', { body: { session } })

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billingPlans,
    queryFn: ({ signal }) => api<{ data: PlanPrices }>('/api/billing/plans', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => api<{ data: SubscriptionInfo | null }>('/api/billing/subscription', { signal }),
    select: (r) => r.data,
  })

export const checkoutQueryOptions = (session: string) =>
  queryOptions({
    queryKey: queryKeys.checkout(session),
    queryFn: ({ signal }) =>
      api<{ data: CheckoutInfo }>(`/api/billing/checkout?session=${encodeURIComponent(session)}`, { signal }),
    select: (r) => r.data,
    retry: false,
  })
