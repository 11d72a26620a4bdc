// The Account dialog's subscription part: status, the period's end, and cancel (when active, after
// a confirmation that says what stays and until when) or restore (when canceled), docs/product.md §Subscriptions.
import { canCancelSubscription, canRestoreSubscription } from '@common/plans.ts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { useMe } from '../../lib/me.ts'
import { planName } from './plan-catalog.ts'
import { subscriptionQueryOptions } from './subscription-api.ts'
import { formatDate, useSubscriptionActions } from './use-subscription-actions.ts'

export function SubscriptionSection() {
  const user = useMe()
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: Boolean(user?.status) })
  const { cancel, restore, pending } = useSubscriptionActions()
  const [confirming, setConfirming] = useState(false)
  if (!user?.status) return null
  const end = subscription.data?.currentPeriodEnd
  const active = canCancelSubscription(user.status)
  const canceled = canRestoreSubscription(user.status)
  const plan = planName(user.plan)
  return (
    <div className="mt-5 flex flex-col items-end gap-2" data-testid="subscription-actions">
      {end ? (
        <p className="self-start text-sm text-muted" data-testid="period-end">
          {active ? `Renews on ${formatDate(end)}.` : `Your plan stays until ${formatDate(end)}.`}
        </p>
      ) : null}
      {active ? (
        <Button variant="secondary" size="sm" disabled={pending !== null} onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      ) : null}
      {canceled ? (
        <Button size="sm" disabled={pending !== null} onClick={() => void restore()}>
          Restore subscription
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={`Your ${plan} plan stays${end ? ` until ${formatDate(end)}` : ' until the end of the paid month'}, then you are on the Free plan. You can restore it until then.`}
        confirmLabel="Cancel subscription"
        cancelLabel={`Keep ${plan}`}
        onConfirm={() => void cancel()}
      />
    </div>
  )
}
