// The local provider (BILLING_PROVIDER=local, the default): test mode, no payment is taken.
// Upgrade opens a checkout session whose app page (/billing/checkout) has "Pay"; cancel and
// restore change the subscription directly. Where the test checkout is off (a deployment, ADR
// 0007), upgrade and restore, which would give a paid plan for free, answer 403; cancel still works.
import { appMessages } from '../../common/messages.ts'
import { forbidden } from '../domain/errors.ts'
import {
  assertCancelable,
  assertCanUpgrade,
  assertRestorable,
  liveSubscription,
  periodEndOf,
  stateOf,
  writeSubscription,
} from '../domain/plans/subscriptions.ts'
import { openCheckout } from './local-checkout.ts'
import { type BillingDeps, type BillingProvider, RESTORE_RETURN_PATH } from './provider.ts'

export function localProvider({ db, config }: BillingDeps): BillingProvider {
  const assertTestCheckout = () => {
    if (!config.billing.testCheckout.allowed)
      throw forbidden(appMessages.billingNotConfigured, 'not_configured')
  }
  return {
    name: 'local',
    async upgrade(user, input) {
      assertTestCheckout()
      assertCanUpgrade(await liveSubscription(db, user.id), input.plan)
      const id = await openCheckout(db, user.id, input)
      return { url: `/billing/checkout?session=${id}` }
    },
    async cancel(user, returnUrl) {
      const live = await liveSubscription(db, user.id)
      assertCancelable(live)
      await writeSubscription(db, user.id, {
        ...stateOf(live),
        status: 'canceled',
        currentPeriodEnd: periodEndOf(live),
      })
      return { url: returnUrl }
    },
    async restore(user) {
      assertTestCheckout()
      const live = await liveSubscription(db, user.id)
      assertRestorable(live)
      await writeSubscription(db, user.id, { ...stateOf(live), status: 'active' })
      return { url: RESTORE_RETURN_PATH }
    },
  }
}
