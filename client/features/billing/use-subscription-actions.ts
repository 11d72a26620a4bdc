// Upgrade, cancel, restore and "Pay" for the signed-in user: each call, then the session
// refresh (the user's plan and status are reloaded), then the browser follows `{ url, redirect }`
// and the outcome is toasted. Upgrade returns to the page /upgrade was opened from (lib/upgrade-search.ts,
// docs/product.md D11). Cancel returns to the page it was made from (its returnUrl); restore,
// which sends no payload (docs/product.md §Subscriptions), stays there when its answer is a page of this app (ADR 0201).
// Failures toast the server's message, or the fallback 'Something went wrong …' text (docs/product.md §Toasts).
// With no user signed in, the actions do nothing (docs/product.md §Subscriptions).
import { messages } from '@common/messages.ts'
import type { PaidPlan } from '@common/plans.ts'
import type { SubscriptionInfo, SubscriptionRedirect } from '@common/schemas/billing.ts'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { queryKeys } from '../../data/query-keys.ts'
import { ApiError } from '../../lib/api.ts'
import { useMe } from '../../lib/me.ts'
import { toast } from '../../lib/toast.ts'
import { useUpgradeSearch } from '../../lib/upgrade-search.ts'
import { planName } from './plan-catalog.ts'
import {
  cancelSubscription,
  completeCheckout,
  restoreSubscription,
  subscriptionQueryOptions,
  upgradeSubscription,
} from './subscription-api.ts'

export type SubscriptionAction = 'upgrade' | 'cancel' | 'restore' | 'pay'

/** The server's message for a refusal (4xx); the fallback for outages and network errors. */
function subscriptionErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

/** What the user is told once an action went through. */
function outcomeMessage(action: SubscriptionAction, sub: SubscriptionInfo | null | undefined) {
  const plan = sub ? planName(sub.plan) : 'paid'
  const until = sub?.currentPeriodEnd ? ` until ${formatDate(sub.currentPeriodEnd)}` : ''
  switch (action) {
    case 'pay':
      return `Welcome to ${plan}: your plan is active.`
    case 'cancel':
      return `Subscription canceled. Your ${plan} plan stays${until}.`
    case 'restore':
      return `Subscription restored: your ${plan} plan renews as before.`
    case 'upgrade':
      return null
  }
}

/** A page of this app (a same-origin path), as opposed to a provider's page. */
const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//')

export function useSubscriptionActions() {
  const user = useMe()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const here = useRouterState({ select: (s) => s.location.href })
  const upgradeFrom = useUpgradeSearch()
  const [pending, setPending] = useState<SubscriptionAction | null>(null)

  async function run(
    action: SubscriptionAction,
    call: () => Promise<SubscriptionRedirect>,
    fallback: string,
  ) {
    if (!user || pending) return
    setPending(action)
    try {
      const { url, redirect } = await call()
      // Session refresh: /subscription paths are not in better-auth's signal list, so reload here.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription, refetchType: 'all' }),
      ])
      const stay = action === 'restore' && isAppPath(url)
      // A path of this app navigates in place; the provider's checkout page loads as a document.
      if (redirect && url && !stay) await navigate({ href: url })
      const sub = await queryClient
        .fetchQuery(subscriptionQueryOptions())
        .then((r) => r.data)
        .catch(() => null)
      const message = outcomeMessage(action, sub)
      if (message) toast(message, 'success')
    } catch (error) {
      toast(subscriptionErrorMessage(error, fallback))
    } finally {
      setPending(null)
    }
  }

  return {
    pending,
    upgrade: (plan: PaidPlan) =>
      run(
        'upgrade',
        () =>
          upgradeSubscription(plan, {
            successUrl:
              upgradeFrom.from ??
              (upgradeFrom.projectId
                ? `/maker?projectId=${encodeURIComponent(upgradeFrom.projectId)}`
                : undefined),
            cancelUrl: here.startsWith('/upgrade') ? here : '/upgrade',
          }),
        messages.subscriptionCreateFailed,
      ),
    cancel: () => run('cancel', () => cancelSubscription(here), messages.subscriptionCancelFailed),
    restore: () => run('restore', restoreSubscription, messages.subscriptionRestoreFailed),
    pay: (session: string) =>
      run(
        'pay',
        async () => ({ url: (await completeCheckout(session)).data.successUrl, redirect: true }),
        messages.subscriptionCreateFailed,
      ),
  }
}
