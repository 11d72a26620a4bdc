// After loadSession: a signed-in user whose canceled subscription has reached the end of its
// paid period becomes free now, before any route reads their plan. Costs a query only for
// users whose status is canceled.
import { createMiddleware } from 'hono/factory'
import { canRestoreSubscription } from '../../common/plans.ts'
import type { Store } from '../db/client.ts'
import { settleSubscription } from '../domain/plans/subscriptions.ts'
import type { AppEnv } from '../middleware/session.ts'

export const settlePlan = (store: Store) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user')
    if (user && canRestoreSubscription(user.status)) {
      const settled = await settleSubscription(store.db, user.id)
      if (settled) c.set('user', { ...user, ...settled })
    }
    await next()
  })
