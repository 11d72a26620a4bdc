// POST /api/billing/stripe/webhook: verifies Stripe's signature on the raw body, then applies
// checkout.session.completed, customer.subscription.updated and .deleted once per event id
// (recorded in billing_events in the same transaction), skipping events older than the last
// one applied to that subscription.
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { appMessages } from '../../common/messages.ts'
import type { Db } from '../db/client.ts'
import { billingEvents, subscriptions, user } from '../db/schema/index.ts'
import { badRequest } from '../domain/errors.ts'
import { type SubscriptionState, writeSubscription } from '../domain/plans/subscriptions.ts'
import type { Logger } from '../log/log.ts'
import type { StripeAccess } from './stripe-client.ts'
import { idOf, stateFromStripe } from './stripe-state.ts'

type Change = {
  userId: string | null
  state: SubscriptionState
  /** Read from Stripe just now (not the event's snapshot): never stale. */
  fresh: boolean
}

export type WebhookResult = { received: true; duplicate?: true }

export async function handleStripeWebhook(
  { db, logger }: { db: Db; logger: Logger },
  stripe: StripeAccess,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const s = await stripe.client()
  let event: Stripe.Event
  try {
    event = await s.webhooks.constructEventAsync(rawBody, signature ?? '', stripe.webhookSecret)
  } catch {
    throw badRequest(appMessages.webhookSignatureInvalid)
  }
  const [seen] = await db.select().from(billingEvents).where(eq(billingEvents.id, event.id))
  if (seen) return { received: true, duplicate: true }
  const change = await changeOf(event, s, stripe)
  const eventAt = new Date(event.created * 1000)
  const applied = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id })
    if (!fresh) return false
    if (change) await apply(tx as Db, logger, change, eventAt)
    return true
  })
  return applied ? { received: true } : { received: true, duplicate: true }
}

async function changeOf(event: Stripe.Event, s: Stripe, stripe: StripeAccess): Promise<Change | null> {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object
    const subId = idOf(session.subscription)
    if (session.mode !== 'subscription' || !subId) return null
    const state = stateFromStripe(await s.subscriptions.retrieve(subId), stripe.prices)
    const userId = session.client_reference_id ?? session.metadata?.userId ?? null
    return state ? { userId, state, fresh: true } : null
  }
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const sub = event.data.object
    const state = stateFromStripe(sub, stripe.prices)
    return state ? { userId: sub.metadata?.userId ?? null, state, fresh: false } : null
  }
  return null
}

async function apply(db: Db, logger: Logger, change: Change, eventAt: Date) {
  const { state } = change
  const [bySub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.provider_subscription_id, state.subscriptionId ?? ''))
  const userId = bySub?.user_id ?? change.userId
  if (!userId) return
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
  if (!exists) return
  const [row] = bySub
    ? [bySub]
    : await db.select().from(subscriptions).where(eq(subscriptions.user_id, userId))
  // Updates about a subscription other than the user's live one change nothing; a completed
  // checkout always wins (it is what the user just paid for).
  const other = row?.provider_subscription_id && row.provider_subscription_id !== state.subscriptionId
  if (other && row.status !== 'ended') {
    if (!change.fresh) return
    logger.warn(
      { userId, replaced: row.provider_subscription_id, by: state.subscriptionId },
      'stripe: a user replaced their live subscription',
    )
  }
  const last = row?.last_event_at
  if (!change.fresh && last && eventAt < last) return
  await writeSubscription(db, userId, state, last && last > eventAt ? last : eventAt)
}
