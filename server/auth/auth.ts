// better-auth: magic-link sign-in, sessions in the database, rate limits per client IP.
// Mounted by app.ts under /api/auth.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { magicLink } from 'better-auth/plugins'
import type { SessionEndReason } from '../../common/schemas/events.ts'
import { billingPlugin } from '../billing/auth-plugin.ts'
import type { Config } from '../config/config.ts'
import type { Store } from '../db/client.ts'
import * as schema from '../db/schema/index.ts'
import { magicLinkMail } from '../emails/magic-link.ts'
import type { Mailer } from '../emails/mail.ts'
import type { Logger } from '../log/log.ts'

/** Set by app.ts from the socket address (never from the client), read by better-auth. */
export const CLIENT_IP_HEADER = 'x-iconvault-client-ip'
const MAGIC_LINK_MINUTES = 10

/** Why a session was deleted, by the better-auth endpoint that deleted it (none: expiry, clean-up). */
function endReason(path: string | undefined): SessionEndReason {
  if (path?.startsWith('/delete-user')) return 'account-deleted'
  if (path?.startsWith('/revoke-')) return 'revoked'
  if (path === '/sign-out') return 'signed-out'
  return 'ended'
}

export function createAuth(opts: {
  config: Config
  store: Store
  mailer: Mailer
  logger: Logger
  /** Told of every session that ends (sign-out, revoke, delete-user) and why: its live streams end too. */
  onSessionEnded?: (sessionId: string, reason: SessionEndReason) => Promise<void>
  /** Runs before delete-user removes an account: its teams keep what it made (ADR 0012). */
  beforeUserDelete?: (userId: string) => Promise<void>
}) {
  const { config, store, mailer, logger } = opts
  return betterAuth({
    appName: 'Iconvault',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(store.db, { provider: 'pg', schema }),
    user: {
      additionalFields: {
        plan: { type: 'string', required: false, defaultValue: 'free', input: false },
        status: { type: 'string', required: false, input: false },
      },
      deleteUser: { enabled: true, beforeDelete: async (u) => opts.beforeUserDelete?.(u.id) },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      session: { delete: { after: async (s, ctx) => opts.onSessionEnded?.(s.id, endReason(ctx?.path)) } },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      billingPlugin({ config, store, logger }),
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        storeToken: 'hashed',
        rateLimit: { window: 60, max: 5 },
        sendMagicLink: async ({ email, token }) => {
          const link = `${config.baseUrl}/verify-identity?token=${encodeURIComponent(token)}`
          await mailer.send(magicLinkMail(email, link, MAGIC_LINK_MINUTES))
        },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
