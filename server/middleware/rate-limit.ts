// Rate limits: fixed windows counted in this process (ADR 0006: per process, not shared across a
// cluster), and a cap on concurrent calls. A refusal is a 429 with Retry-After and the one error
// shape. Each route factory builds its own limiter, so every app (and every test app) has its own.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { errorBody } from '../../common/error-codes.ts'
import { appMessages } from '../../common/messages.ts'
import { clientIp } from './client-ip.ts'
import type { AppEnv } from './session.ts'

export type Limit = { max: number; windowMs: number }

const MINUTE = 60_000

/** The limits of ADR 0006, per key: a client address, a target e-mail or a user. */
export const LIMITS = {
  /** Sign-in links per client address (better-auth adds 5 a minute per address on top). */
  magicLinkPerIp: { max: 30, windowMs: 60 * MINUTE },
  /** Sign-in links per target address: nobody's mailbox is flooded. */
  magicLinkPerEmail: { max: 5, windowMs: 15 * MINUTE },
  invitationsPerUser: { max: 20, windowMs: 10 * MINUTE },
  aiGenerationsPerUser: { max: 20, windowMs: MINUTE },
  tracesPerUser: { max: 60, windowMs: MINUTE },
  /** Bulk creates: an import of 30,000 icons is 60 requests of 500. */
  createManyPerUser: { max: 120, windowMs: MINUTE },
  /** Server-built project exports (GET /api/projects/export: about a second per 5,000 icons, ADR 0104). */
  exportsPerUser: { max: 30, windowMs: MINUTE },
  /** AI generations running at once per user. */
  aiConcurrentPerUser: 2,
} as const

/**
 * Requests per API token and minute, however they come: `Authorization: Bearer` calls and the Iconify
 * endpoint (its route and its fast path) take from one budget (tokenBudget), so a token's total is this
 * limit (ADR 0019, 0308). A CLI pull is a handful; a script gets a clear 429 with Retry-After.
 */
export const TOKEN_LIMIT: Limit = { max: 600, windowMs: MINUTE }

/** How long a client is told to wait when refused for running too many calls at once. */
const CONCURRENT_RETRY_SECONDS = 5

/** Keys kept before expired windows are first swept; the next sweep waits for twice as many. */
const SWEEP_AT = 10_000
/** Keys kept at most: past it the oldest windows are forgotten down to half (those keys start afresh). */
const MAX_KEYS = 100_000

/** A fixed-window counter: take(key) answers 0 when allowed, else the seconds until the window ends. */
export function fixedWindow(limit: Limit, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let sweepAt = SWEEP_AT
  // Amortised: a sweep runs after the map has doubled since the last one, so each take stays O(1).
  const sweep = (t: number) => {
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key)
    for (const key of windows.keys()) {
      if (windows.size <= MAX_KEYS / 2) break
      windows.delete(key)
    }
    sweepAt = Math.max(SWEEP_AT, windows.size * 2)
  }
  return {
    take(key: string): number {
      const t = now()
      if (windows.size >= sweepAt) sweep(t)
      let w = windows.get(key)
      if (!w || w.resetAt <= t) {
        windows.delete(key)
        w = { count: 0, resetAt: t + limit.windowMs }
        windows.set(key, w)
      }
      if (w.count >= limit.max) return Math.max(1, Math.ceil((w.resetAt - t) / 1000))
      w.count++
      return 0
    },
    /** Keys held now (for tests of the bound). */
    size: () => windows.size,
  }
}

export type FixedWindow = ReturnType<typeof fixedWindow>

const tokenBudgets = new WeakMap<object, FixedWindow>()

/**
 * The one per-token budget of this process and database (TOKEN_LIMIT), keyed by the token's id: the
 * bearer path (api-token.ts), the Iconify route and its fast path all take from it (tests run several
 * apps, on several databases, in one process).
 */
export function tokenBudget(db: object): FixedWindow {
  let budget = tokenBudgets.get(db)
  if (!budget) {
    budget = fixedWindow(TOKEN_LIMIT)
    tokenBudgets.set(db, budget)
  }
  return budget
}

/** The 429 every limit answers. */
function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds))
  return c.json(errorBody(appMessages.tooManyRequests, 'rate_limited'), 429)
}

type KeyOf = (c: Context<AppEnv>) => string | null | Promise<string | null>

/** Middleware: at most `limit.max` requests per key and window; a null key is not counted. */
export function rateLimit(limit: Limit, keyOf: KeyOf) {
  const counter = fixedWindow(limit)
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = await keyOf(c)
    const wait = key === null ? 0 : counter.take(key)
    if (wait > 0) return tooManyRequests(c, wait)
    await next()
  })
}

/** Middleware: at most `max` requests per key running at once. */
export function concurrencyLimit(max: number, keyOf: (c: Context<AppEnv>) => string | null) {
  const running = new Map<string, number>()
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = keyOf(c)
    if (key === null) return next()
    const n = running.get(key) ?? 0
    if (n >= max) return tooManyRequests(c, CONCURRENT_RETRY_SECONDS)
    running.set(key, n + 1)
    try {
      await next()
    } finally {
      const left = (running.get(key) ?? 1) - 1
      if (left > 0) running.set(key, left)
      else running.delete(key)
    }
  })
}

/** The signed-in user's id as a limit key (requireUser runs first). */
export const byUser = (c: Context<AppEnv>): string | null => c.get('user')?.id ?? null

/** The target address of a sign-in link request, lower-cased; null when the body has none. */
async function targetEmail(c: Context): Promise<string | null> {
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null
  // Longer than any address can be (RFC 5321: 254): cut, so a key stays small; such input is refused anyway.
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : ''
  return email ? email : null
}

/** Middleware for POST /api/auth/sign-in/magic-link: limits per client address, then per target e-mail. */
export function magicLinkLimits() {
  const perIp = fixedWindow(LIMITS.magicLinkPerIp)
  const perEmail = fixedWindow(LIMITS.magicLinkPerEmail)
  return createMiddleware(async (c, next) => {
    const ipWait = perIp.take(clientIp(c))
    if (ipWait > 0) return tooManyRequests(c, ipWait)
    const email = await targetEmail(c)
    const emailWait = email === null ? 0 : perEmail.take(email)
    if (emailWait > 0) return tooManyRequests(c, emailWait)
    await next()
  })
}
