// Calls of the billing feature: the subscription calls under /api/auth (seed §7), the caller's
// subscription, and the local provider's checkout session.
import type { PaidPlan } from '@common/plans.ts'
import type { CheckoutInfo, SubscriptionInfo, SubscriptionRedirect } from '@common/schemas/billing.ts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'

/** Where the seed's calls send the browser afterwards. */
export const SUBSCRIPTION_URLS = { successUrl: '/maker', cancelUrl: '/upgrade', returnUrl: '/maker' } as const

export const upgradeSubscription = (plan: PaidPlan) =>
  api<SubscriptionRedirect>('/api/auth/subscription/upgrade', {
    body: { plan, successUrl: SUBSCRIPTION_URLS.successUrl, cancelUrl: SUBSCRIPTION_URLS.cancelUrl },
  })

export const cancelSubscription = () =>
  api<SubscriptionRedirect>('/api/auth/subscription/cancel', {
    body: { returnUrl: SUBSCRIPTION_URLS.returnUrl },
  })

/** No payload (seed §7), still a POST. */
export const restoreSubscription = () =>
  api<SubscriptionRedirect>('/api/auth/subscription/restore', { method: 'POST' })

export const completeCheckout = (session: string) =>
  api<{ data: CheckoutInfo }>('/api/billing/checkout/complete', { body: { session } })

export const subscriptionQueryKey = ['billing', 'subscription'] as const

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => api<{ data: SubscriptionInfo | null }>('/api/billing/subscription', { signal }),
    select: (r) => r.data,
  })

export const checkoutQueryOptions = (session: string) =>
  queryOptions({
    queryKey: ['billing', 'checkout', session] as const,
    queryFn: ({ signal }) =>
      api<{ data: CheckoutInfo }>(`/api/billing/checkout?session=${encodeURIComponent(session)}`, { signal }),
    select: (r) => r.data,
    retry: false,
  })
