// /upgrade: the plans with the current one marked. Checkout arrives with billing.
import { Button } from '../../components/ui/button.tsx'
import { useMe } from '../../lib/me.ts'
import { PlanCards } from './plan-cards.tsx'

const RANK = { free: 0, pro: 1, gold: 2 } as const

export function UpgradePage() {
  const user = useMe()
  const current = user?.plan ?? 'free'
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
        action={(plan, isCurrent) =>
          isCurrent ? (
            <Button variant="secondary" className="w-full" disabled>
              Your plan
            </Button>
          ) : RANK[plan.id] > RANK[current] ? (
            <Button className="w-full" disabled aria-describedby="checkout-note">
              Upgrade to {plan.name}
            </Button>
          ) : null
        }
      />
      <p id="checkout-note" className="text-center text-sm text-muted" data-testid="checkout-note">
        Checkout arrives soon. Upgrades open here as soon as it does.
      </p>
    </div>
  )
}
