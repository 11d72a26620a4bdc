// The three plans side by side with their monthly price (GET /api/billing/plans: common/plans.ts as
// the server's environment sets it); the current one is marked, the action per plan comes from the caller.
import { canUpgrade, formatMonthlyPrice, type Plan } from '@common/plans.ts'
import { useQuery } from '@tanstack/react-query'
import { Check, Minus } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../components/ui/cn.ts'
import { PLAN_CATALOG, type PlanInfo } from './plan-catalog.ts'
import { plansQueryOptions } from './subscription-api.ts'

interface PlanCardsProps {
  current?: Plan | null
  action?: (plan: PlanInfo, isCurrent: boolean) => ReactNode
  /** The plans' heading level: 3 under a section's h2 (landing), 2 right under the page's h1 (/upgrade). */
  headingLevel?: 2 | 3
}

export function PlanCards({ current = null, action, headingLevel = 3 }: PlanCardsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const prices = useQuery(plansQueryOptions()).data
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
      {PLAN_CATALOG.map((plan) => {
        const isCurrent = plan.id === current
        return (
          <li
            key={plan.id}
            data-testid={`plan-${plan.id}`}
            aria-current={isCurrent ? 'true' : undefined}
            className={cn(
              'relative flex flex-col gap-5 rounded-xl border bg-raised p-6',
              isCurrent ? 'border-accent ring-1 ring-accent' : 'border-line',
              // The highest plan (common/plans.ts: nothing to upgrade to) stands out.
              !canUpgrade(plan.id) && !isCurrent && 'border-amber-500/40',
            )}
          >
            {isCurrent ? (
              <span className="absolute -top-2.5 left-6 rounded-full bg-accent-solid px-2 py-0.5 text-xs font-medium text-accent-fg">
                Current plan
              </span>
            ) : null}
            <div className="space-y-1">
              <Heading className="text-lg font-semibold text-fg">{plan.name}</Heading>
              <p className="h-8 text-fg" data-testid="plan-price">
                {prices ? (
                  <>
                    <span className="text-2xl font-semibold tracking-tight">
                      {formatMonthlyPrice(prices.monthly[plan.id], prices.currency)}
                    </span>
                    {prices.monthly[plan.id] > 0 ? (
                      <span className="text-sm text-muted"> / month</span>
                    ) : null}
                  </>
                ) : null}
              </p>
              <p className="text-sm text-muted">{plan.tagline}</p>
            </div>
            <ul className="flex flex-1 flex-col gap-2 text-sm">
              {plan.features.map((f) =>
                f.included ? (
                  <li key={f.label} className="flex gap-2 text-fg">
                    <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                    {f.label}
                  </li>
                ) : (
                  <li key={f.label} className="flex gap-2 text-muted">
                    <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>
                      <span className="sr-only">Not included: </span>
                      {f.label}
                    </span>
                  </li>
                ),
              )}
            </ul>
            {action ? <div>{action(plan, isCurrent)}</div> : null}
          </li>
        )
      })}
    </ul>
  )
}
