// The BillingProvider interface: what the subscription calls (upgrade, cancel, restore) need
// from a payment provider. `local` (default, test mode, no payment) and `stripe` implement it.
import type { UpgradeSubscriptionBody } from '../../common/schemas/billing.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log/log.ts'

export type BillingUser = { id: string; email: string }

/** Where the browser goes next; a path on this site or the provider's checkout page. */
export type BillingRedirect = { url: string }

export interface BillingProvider {
  readonly name: Config['billing']['provider']
  /** Starts checkout for a paid plan (or switches an existing subscription to it). */
  upgrade(user: BillingUser, input: UpgradeSubscriptionBody): Promise<BillingRedirect>
  /** Cancels at the end of the paid period; the plan stays until then. */
  cancel(user: BillingUser, returnUrl: string): Promise<BillingRedirect>
  /** Un-cancels a canceled subscription before its period ends. */
  restore(user: BillingUser): Promise<BillingRedirect>
}

export type BillingDeps = { db: Db; config: Config; logger: Logger }

/** Where restore (which takes no payload) sends the browser: the specified return path (docs/product.md §Subscriptions). */
export const RESTORE_RETURN_PATH = '/maker'
