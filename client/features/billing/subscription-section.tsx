// The Account dialog's subscription part: status, the period's end, and cancel (when active)
// or restore (when canceled), seed §4.
import { canCancelSubscription, canRestoreSubscription } from '@common/plans.ts'
import { useQuery } from '@tanstack/react-query'
import { Button } from '../../components/ui/button.tsx'
import { useMe } from '../../lib/me.ts'
import { subscriptionQueryOptions } from './subscription-api.ts'
import { useSubscriptionActions } from './use-subscription-actions.ts'

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })

export function SubscriptionSection() {
  const user = useMe()
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: Boolean(user?.status) })
  const { cancel, restore, pending } = useSubscriptionActions()
  if (!user?.status) return null
  const end = subscription.data?.currentPeriodEnd
  const active = canCancelSubscription(user.status)
  const canceled = canRestoreSubscription(user.status)
  return (
    <div className="mt-5 flex flex-col items-end gap-2" data-testid="subscription-actions">
      {end ? (
        <p className="self-start text-sm text-muted" data-testid="period-end">
          {active ? `Renews on ${formatDate(end)}.` : `Your plan stays until ${formatDate(end)}.`}
        </p>
      ) : null}
      {active ? (
        <Button variant="secondary" size="sm" disabled={pending !== null} onClick={() => void cancel()}>
          Cancel subscription
        </Button>
      ) : null}
      {canceled ? (
        <Button size="sm" disabled={pending !== null} onClick={() => void restore()}>
          Restore subscription
        </Button>
      ) : null}
    </div>
  )
}
