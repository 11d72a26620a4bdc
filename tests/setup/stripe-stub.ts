// A local HTTP stand-in for the few Stripe API calls the stripe provider makes (Checkout
// Sessions, subscriptions retrieve/update), with "the customer paid" and signed webhook
// events for tests. The real SDK talks to it through its host/port/protocol options.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export type StubSubscription = {
  id: string
  object: 'subscription'
  status: string
  customer: string
  cancel_at_period_end: boolean
  cancel_at: number | null
  metadata: Record<string, string>
  items: {
    object: 'list'
    data: { id: string; object: 'subscription_item'; price: { id: string }; current_period_end: number }[]
  }
}

export type StubRequest = { method: string; path: string; params: URLSearchParams; authorization: string }

export type StripeStub = {
  api: { host: string; port: number; protocol: 'http' }
  requests: StubRequest[]
  sessions: Map<string, Record<string, unknown>>
  subscriptions: Map<string, StubSubscription>
  /** The customer pays a checkout session: Stripe creates the customer and the subscription. */
  pay(sessionId: string): { session: Record<string, unknown>; subscription: StubSubscription }
  /** A Stripe event around a copy of `object`, and its signed Stripe-Signature header. */
  event(type: string, object: unknown, secret: string): { payload: string; signature: string; id: string }
  close(): Promise<void>
}

const DAY = 24 * 60 * 60

export async function startStripeStub(): Promise<StripeStub> {
  let seq = 0
  const next = (prefix: string) => `${prefix}_test_${++seq}`
  const requests: StubRequest[] = []
  const sessions = new Map<string, Record<string, unknown>>()
  const subscriptions = new Map<string, StubSubscription>()

  const routes = (req: StubRequest): [number, unknown] => {
    const p = req.params
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const id = next('cs')
      const session = {
        id,
        object: 'checkout.session',
        mode: p.get('mode'),
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: p.get('client_reference_id'),
        customer: p.get('customer'),
        customer_email: p.get('customer_email'),
        success_url: p.get('success_url'),
        cancel_url: p.get('cancel_url'),
        metadata: { userId: p.get('metadata[userId]'), plan: p.get('metadata[plan]') },
        subscription: null,
        price: p.get('line_items[0][price]'),
      }
      sessions.set(id, session)
      return [200, session]
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(req.path)
    const found = sub ? subscriptions.get(sub[1]!) : undefined
    if (sub && !found) {
      return [404, { error: { type: 'invalid_request_error', message: `No such subscription: '${sub[1]}'` } }]
    }
    if (found && req.method === 'GET') return [200, found]
    if (found && req.method === 'POST') {
      const cancel = p.get('cancel_at_period_end')
      if (cancel !== null) found.cancel_at_period_end = cancel === 'true'
      const price = p.get('items[0][price]')
      if (price) found.items.data[0]!.price = { id: price }
      return [200, found]
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.path})` } },
    ]
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://stub')
    const body = Buffer.concat(chunks).toString('utf8')
    const request: StubRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params: new URLSearchParams(body || url.search),
      authorization: req.headers.authorization ?? '',
    }
    requests.push(request)
    const [status, answer] = routes(request)
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') })
    res.end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    sessions,
    subscriptions,
    pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no checkout session ${sessionId}`)
      const customer = (session.customer as string | null) ?? next('cus')
      const meta = session.metadata as Record<string, string>
      const subscription: StubSubscription = {
        id: next('sub'),
        object: 'subscription',
        status: 'active',
        customer,
        cancel_at_period_end: false,
        cancel_at: null,
        metadata: { ...meta },
        items: {
          object: 'list',
          data: [
            {
              id: next('si'),
              object: 'subscription_item',
              price: { id: session.price as string },
              current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY,
            },
          ],
        },
      }
      subscriptions.set(subscription.id, subscription)
      Object.assign(session, { status: 'complete', customer, subscription: subscription.id })
      return { session, subscription }
    },
    event(type, object, secret) {
      const id = next('evt')
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      })
      return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
