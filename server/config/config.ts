// Every environment variable, parsed and validated once. Nothing else reads process.env.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { type PlanPrices, planPrices, type StorageQuotas } from '../../common/plans.ts'
import { decideTestCheckout, type TestCheckout } from '../billing/test-checkout.ts'
import {
  DEFAULT_HEAVY_HEAP_MB,
  defaultHeavyConcurrency,
  type HeavyWorkConfig,
} from '../heavy-work/heavy-work.ts'
import { quotasFrom } from './quota-config.ts'

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** A monthly price shown to users: a number of the currency's units, at most two decimals. */
const price = (name: string) =>
  z.coerce
    .number<string>({ error: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(1_000_000, `${name} is too large`)
    .refine((v) => Math.round(v * 100) === v * 100, `${name} can have at most two decimals`)
    .optional()

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText.transform((v) => v ?? '0.0.0.0'),
  BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: optionalText.transform((v) => resolve(v ?? './data')),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalText.transform((v) => v ?? 'Iconvault <no-reply@iconvault.local>'),
  BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  ALLOW_TEST_CHECKOUT: optionalText.pipe(
    z.enum(['0', '1'], { error: 'ALLOW_TEST_CHECKOUT must be 1 (on) or 0 (off)' }).optional(),
  ),
  NODE_ENV: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_PRICE_GOLD: optionalText,
  PLAN_PRICE_PRO: optionalText.pipe(price('PLAN_PRICE_PRO')),
  PLAN_PRICE_GOLD: optionalText.pipe(price('PLAN_PRICE_GOLD')),
  PLAN_CURRENCY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'PLAN_CURRENCY must be a three-letter currency code such as USD or EUR')
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  AI_BASE_URL: optionalText.pipe(z.url().optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  TRUST_PROXY: z.coerce
    .number()
    .int('TRUST_PROXY must be a whole number of proxy hops')
    .min(0, 'TRUST_PROXY must be 0 or more')
    .max(10, 'TRUST_PROXY must be at most 10')
    .default(0),
  HEAVY_WORK_CONCURRENCY: optionalText.pipe(
    z.coerce
      .number<string>()
      .int('HEAVY_WORK_CONCURRENCY must be a whole number of jobs')
      .min(1, 'HEAVY_WORK_CONCURRENCY must be at least 1')
      .max(64, 'HEAVY_WORK_CONCURRENCY must be at most 64')
      .optional(),
  ),
  HEAVY_WORK_HEAP_MB: optionalText.pipe(
    z.coerce
      .number<string>()
      .int('HEAVY_WORK_HEAP_MB must be a whole number of megabytes')
      .min(64, 'HEAVY_WORK_HEAP_MB must be at least 64')
      .max(16_384, 'HEAVY_WORK_HEAP_MB must be at most 16384')
      .optional(),
  ),
})

/** What BILLING_PROVIDER=stripe cannot start without. */
const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_GOLD',
] as const

export type Config = {
  port: number
  host: string
  baseUrl: string
  dataDir: string
  databaseUrl: string | undefined
  authSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  billing: {
    provider: 'local' | 'stripe'
    /** Whether the local provider's checkout (plans without payment) may be used, and why (ADR 0007). */
    testCheckout: TestCheckout
    stripeSecretKey?: string
    stripeWebhookSecret?: string
    stripePricePro?: string
    stripePriceGold?: string
    /** Monthly prices shown on / and /upgrade (common/plans.ts, overridden by PLAN_PRICE_*, PLAN_CURRENCY). */
    prices: PlanPrices
    /** Not from the environment: tests point the Stripe SDK at a local stand-in (host, port, protocol). */
    stripeApi?: { host: string; port: number; protocol: 'http' | 'https' }
  }
  ai: { baseUrl?: string; apiKey?: string; model?: string }
  /** LOG_LEVEL and LOG_FORMAT: one JSON line per request and per error (server/log/log.ts). */
  log: { level: 'silent' | 'error' | 'warn' | 'info' | 'debug'; format: 'json' | 'pretty' }
  /** Reverse-proxy hops in front of the server whose X-Forwarded-For is believed (0: none). */
  trustProxy: number
  /** Storage quotas per plan (common/plans.ts, overridden by PLAN_ICONS_*, PLAN_STORAGE_*…; ADR 0308). */
  quotas: StorageQuotas
  /** Heavy jobs at once (HEAVY_WORK_CONCURRENCY) and each build worker's heap (HEAVY_WORK_HEAP_MB; ADR 0310). */
  heavyWork: HeavyWorkConfig
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default) into a Config, or throws a ConfigError naming each problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  const quotas = quotasFrom(env)
  if (Array.isArray(quotas)) throw new ConfigError(`Invalid configuration:\n  ${quotas.join('\n  ')}`)
  const missingStripe = STRIPE_KEYS.filter((key) => e.BILLING_PROVIDER === 'stripe' && !e[key])
  if (missingStripe.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  BILLING_PROVIDER=stripe needs ${missingStripe.join(', ')}`,
    )
  }
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? persistedSecret(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    billing: {
      provider: e.BILLING_PROVIDER,
      testCheckout: decideTestCheckout({
        provider: e.BILLING_PROVIDER,
        baseUrl,
        nodeEnv: e.NODE_ENV,
        allow: e.ALLOW_TEST_CHECKOUT,
      }),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripePricePro: e.STRIPE_PRICE_PRO,
      stripePriceGold: e.STRIPE_PRICE_GOLD,
      prices: planPrices({ pro: e.PLAN_PRICE_PRO, gold: e.PLAN_PRICE_GOLD, currency: e.PLAN_CURRENCY }),
    },
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL },
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    trustProxy: e.TRUST_PROXY,
    quotas,
    heavyWork: {
      concurrency: e.HEAVY_WORK_CONCURRENCY ?? defaultHeavyConcurrency(),
      heapMb: e.HEAVY_WORK_HEAP_MB ?? DEFAULT_HEAVY_HEAP_MB,
    },
  }
}

/** AUTH_SECRET when unset: generated once and kept in DATA_DIR so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const secret = randomBytes(32).toString('base64url')
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
    return secret
  }
}
