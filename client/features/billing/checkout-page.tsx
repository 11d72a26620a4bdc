// /billing/checkout?session=ID: the local provider's checkout (test mode, no payment taken).
// "Pay" completes the session and goes to its successUrl; "Cancel" goes to its cancelUrl. Where the
// test checkout is off (a deployment without Stripe, ADR 0007) the server answers 403 `not_configured`
// and the page says billing is not configured.
import { appMessages } from '@common/messages.ts'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { CreditCard, FlaskConical } from 'lucide-react'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { ApiError } from '../../lib/api.ts'
import { planFeatures, planName } from './plan-catalog.ts'
import { checkoutQueryOptions } from './subscription-api.ts'
import { useSubscriptionActions } from './use-subscription-actions.ts'

export function CheckoutPage({ session }: { session: string }) {
  const checkout = useQuery({ ...checkoutQueryOptions(session), enabled: session !== '' })
  const { pay, pending } = useSubscriptionActions()
  const navigate = useNavigate()

  if (session && checkout.isPending)
    return <p className="px-6 py-20 text-center text-sm text-muted">Loading checkout…</p>
  if (checkout.error instanceof ApiError && checkout.error.code === 'not_configured') {
    return (
      <EmptyState icon={CreditCard} title={appMessages.billingNotConfiguredTitle}>
        <p data-testid="billing-not-configured">{checkout.error.message}</p>
        <Link to="/upgrade" className={buttonClass('secondary', 'sm', 'mt-4')}>
          Back to plans
        </Link>
      </EmptyState>
    )
  }
  const data = checkout.data
  if (!data || data.completed) {
    return (
      <EmptyState icon={CreditCard} title={data ? 'This checkout is complete' : 'Checkout not found'}>
        <p>{data ? 'Your plan is active.' : 'This checkout does not exist or has expired.'}</p>
        <Link to="/upgrade" className={buttonClass('secondary', 'sm', 'mt-4')}>
          Back to plans
        </Link>
      </EmptyState>
    )
  }
  const included = planFeatures(data.plan).filter((f) => f.included)
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-10 sm:px-6" data-testid="checkout">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Checkout</h1>
        <p className="text-sm text-muted">Subscribe to the {planName(data.plan)} plan, billed monthly.</p>
      </div>
      <div
        role="note"
        data-testid="test-mode-notice"
        className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-fg"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
        <p>
          Test mode: this server uses the built-in billing provider. No card is needed and no payment is
          taken.
        </p>
      </div>
      <section className="rounded-xl border border-line bg-raised p-5" aria-label="Plan">
        <p className="text-sm text-muted">Plan</p>
        <p className="mt-1 text-lg font-semibold text-fg" data-testid="checkout-plan">
          {planName(data.plan)}
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
          {included.map((f) => (
            <li key={f.label}>{f.label}</li>
          ))}
        </ul>
      </section>
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          disabled={pending !== null}
          onClick={() => void navigate({ href: data.cancelUrl })}
        >
          Cancel
        </Button>
        <Button disabled={pending !== null} aria-busy={pending === 'pay'} onClick={() => void pay(session)}>
          Pay
        </Button>
      </div>
    </div>
  )
}
