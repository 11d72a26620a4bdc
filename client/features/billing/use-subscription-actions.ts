// Upgrade, cancel, restore and "Pay" for the signed-in user: each call, then the session
// refresh (the user's plan and status are reloaded), then the browser follows `{ url, redirect }`.
// Failures toast the server's message, or the seed's 'Something went wrong …' text.
// With no user signed in, the actions do nothing (seed §4).
import { messages } from '@common/messages.ts'
import type { PaidPlan } from '@common/plans.ts'
import type { SubscriptionRedirect } from '@common/schemas/billing.ts'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { meQueryKey, useMe } from '../../lib/me.ts'
import { toast } from '../../lib/toast.ts'
import {
  cancelSubscription,
  completeCheckout,
  restoreSubscription,
  subscriptionQueryKey,
  upgradeSubscription,
} from './subscription-api.ts'

export type SubscriptionAction = 'upgrade' | 'cancel' | 'restore' | 'pay'

/** The server's message for a refusal (4xx); the fallback for outages and network errors. */
export function subscriptionErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback
}

export function useSubscriptionActions() {
  const user = useMe()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
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
        queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey, refetchType: 'all' }),
      ])
      // A path of this app navigates in place; the provider's checkout page loads as a document.
      if (redirect && url) await navigate({ href: url })
    } catch (error) {
      toast(subscriptionErrorMessage(error, fallback))
    } finally {
      setPending(null)
    }
  }

  return {
    pending,
    upgrade: (plan: PaidPlan) =>
      run('upgrade', () => upgradeSubscription(plan), messages.subscriptionCreateFailed),
    cancel: () => run('cancel', cancelSubscription, messages.subscriptionCancelFailed),
    restore: () => run('restore', restoreSubscription, messages.subscriptionRestoreFailed),
    pay: (session: string) =>
      run(
        'pay',
        async () => ({ url: (await completeCheckout(session)).data.successUrl, redirect: true }),
        messages.subscriptionCreateFailed,
      ),
  }
}
