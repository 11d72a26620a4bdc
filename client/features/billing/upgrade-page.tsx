// /upgrade: the three plans with the current one marked; a higher plan's button starts checkout.
import { canRestoreSubscription, isPaidPlan, upgradeTargets } from '@common/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { useMe } from '../../lib/me.ts'
import { PlanCards } from './plan-cards.tsx'
import { useSubscriptionActions } from './use-subscription-actions.ts'

export function UpgradePage() {
  const user = useMe()
  const current = user?.plan ?? 'free'
  const targets = upgradeTargets(current)
  const { upgrade, pending } = useSubscriptionActions()
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Upgrade your plan</h1>
        <p className="text-sm text-muted">
          Save icons to your vault with Pro; share workspaces with your team with Gold.
        </p>
      </div>
      <PlanCards
        current={current}
        headingLevel={2}
        action={(plan, isCurrent) => {
          if (isCurrent) {
            return (
              <div className="space-y-1.5">
                <Button variant="secondary" className="w-full" disabled>
                  Your plan
                </Button>
                {canRestoreSubscription(user?.status) ? (
                  <p className="text-center text-xs text-muted">Canceled: restore it from your account.</p>
                ) : null}
              </div>
            )
          }
          if (!isPaidPlan(plan.id) || !targets.includes(plan.id)) return null
          const target = plan.id
          return (
            <Button
              className="w-full"
              disabled={pending !== null}
              aria-busy={pending === 'upgrade'}
              onClick={() => void upgrade(target)}
            >
              Upgrade to {plan.name}
            </Button>
          )
        }}
      />
      <p className="text-center text-sm text-muted" data-testid="checkout-note">
        Billed monthly. Cancel any time: your plan stays until the end of the paid month.
      </p>
    </div>
  )
}
