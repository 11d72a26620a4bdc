// The subscription calls of docs/product.md §Subscriptions as a better-auth plugin under /api/auth:
// POST /subscription/upgrade {plan, successUrl, cancelUrl}, /subscription/cancel {returnUrl}
// and /subscription/restore, each answering `{ url, redirect: true }` for the browser to follow.
// Signed out: 401 (sessionMiddleware). Return addresses must be paths on this site.
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api'
import type { z } from 'zod'
import { cancelSubscriptionBody, upgradeSubscriptionBody } from '../../common/schemas/billing.ts'
import type { Config } from '../config/config.ts'
import type { Store } from '../db/client.ts'
import { ApiError, type ErrorStatus } from '../domain/errors.ts'
import type { Logger } from '../log/log.ts'
import { type Billing, createBilling } from './index.ts'
import type { BillingRedirect, BillingUser } from './provider.ts'

const BILLING_PLUGIN_ID = 'iconvault-billing'

const STATUS_NAMES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
} as const satisfies Record<ErrorStatus, string>

/** Parses a body with a schema of common/schemas; its first message answers 400. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid input' })
  }
  return parsed.data
}

/** Runs a provider call; our ApiError becomes better-auth's APIError (same status, message and code). */
async function run(fn: () => Promise<BillingRedirect>) {
  try {
    const { url } = await fn()
    return { url, redirect: true as const }
  } catch (err) {
    if (err instanceof ApiError)
      throw new APIError(STATUS_NAMES[err.status], { message: err.message, code: err.code })
    throw err
  }
}

export function billingPlugin(opts: { config: Config; store: Store; logger: Logger }) {
  const billing = createBilling({ config: opts.config, db: opts.store.db, logger: opts.logger })
  const { provider } = billing
  const userOf = (ctx: { context: { session: { user: BillingUser } } }): BillingUser => ({
    id: ctx.context.session.user.id,
    email: ctx.context.session.user.email,
  })
  return {
    id: BILLING_PLUGIN_ID,
    endpoints: {
      // POST /api/auth/subscription/upgrade: checkout for pro or gold.
      upgradeSubscription: createAuthEndpoint(
        '/subscription/upgrade',
        { method: 'POST', use: [sessionMiddleware] },
        async (ctx) => {
          const input = parse(upgradeSubscriptionBody, ctx.body)
          return ctx.json(await run(() => provider.upgrade(userOf(ctx), input)))
        },
      ),
      // POST /api/auth/subscription/cancel: cancel at the end of the paid period.
      cancelSubscription: createAuthEndpoint(
        '/subscription/cancel',
        { method: 'POST', use: [sessionMiddleware] },
        async (ctx) => {
          const { returnUrl } = parse(cancelSubscriptionBody, ctx.body)
          return ctx.json(await run(() => provider.cancel(userOf(ctx), returnUrl)))
        },
      ),
      // POST /api/auth/subscription/restore: un-cancel before the period ends (no payload).
      restoreSubscription: createAuthEndpoint(
        '/subscription/restore',
        // No payload: a browser's empty POST body (no Content-Type) is not read at all.
        { method: 'POST', use: [sessionMiddleware], disableBody: true },
        async (ctx) => ctx.json(await run(() => provider.restore(userOf(ctx)))),
      ),
    },
    options: { billing },
  } satisfies BetterAuthPlugin
}

/** The Billing the plugin built, for the /api/billing routes. */
export function billingOf(auth: { options: { plugins?: readonly unknown[] } }): Billing {
  for (const plugin of auth.options.plugins ?? []) {
    const p = plugin as { id?: string; options?: { billing?: Billing } }
    if (p.id === BILLING_PLUGIN_ID && p.options?.billing) return p.options.billing
  }
  throw new Error('The billing plugin is not registered in server/auth/auth.ts')
}
