// A whole server context (database, auth, app) for route-integration tests through
// app.request(), with a real SMTP server for the magic-link mails and a signIn() helper.
import { eq } from 'drizzle-orm'
import { loadConfig } from '../../server/config/config.ts'
import { createContext, type ServerContext } from '../../server/context.ts'
import type { OpenOptions } from '../../server/db/client.ts'
import { user } from '../../server/db/schema/index.ts'
import type { SvgPoolOptions } from '../../server/svg-pool/pool-api.ts'
import { startTestSmtp, type TestSmtp } from './smtp.ts'
import { createTestDb, type DbKind } from './test-db.ts'

export const BASE_URL = 'http://localhost:3999'

// biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
export type Json = any

export type TestApp = {
  ctx: ServerContext
  smtp: TestSmtp
  dbOptions: OpenOptions
  /**
   * app.request() with the app's own Origin (unsafe methods need it, ADR 0006; `origin: null`
   * leaves it out, another value sends that), a client IP, and an optional cookie.
   */
  request(
    path: string,
    init?: RequestInit & { cookie?: string; ip?: string; json?: unknown; origin?: string | null },
  ): Promise<Response>
  /** Signs in through the real magic-link flow and returns the session cookie. */
  signIn(email: string, opts?: { ip?: string }): Promise<string>
  /** Sets a user's plan directly in the database (billing has its own tests). */
  setPlan(email: string, plan: 'free' | 'pro' | 'gold'): Promise<void>
  /** POST with a JSON body; resolves to the status and the parsed answer. */
  post(path: string, cookie: string, json: unknown): Promise<{ status: number; body: Json }>
  get(path: string, cookie: string): Promise<{ status: number; body: Json }>
  close(): Promise<void>
}

/**
 * `sameDatabaseAs` starts a second app (another "process") on the first one's Postgres database;
 * `svgPool` sizes the SVG worker pool (e.g. a short CPU deadline).
 */
export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: { sameDatabaseAs?: TestApp; svgPool?: SvgPoolOptions } = {},
): Promise<TestApp> {
  const smtp = await startTestSmtp()
  const testDb = opts.sameDatabaseAs
    ? { options: opts.sameDatabaseAs.dbOptions, dispose: async () => {} }
    : await createTestDb(kind)
  const config = loadConfig({
    BASE_URL: BASE_URL,
    DATA_DIR: '/tmp/iconvault-test-unused',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...env,
  })
  const ctx = await createContext(config, testDb.options, opts.svgPool)
  let ipCounter = 0
  const request: TestApp['request'] = (path, init = {}) => {
    // The app's own origin is its BASE_URL (env may set another, e.g. https).
    const { cookie, ip, json, origin = config.baseUrl, ...rest } = init
    const headers = new Headers(rest.headers)
    if (origin !== null) headers.set('origin', origin)
    if (cookie) headers.set('cookie', cookie)
    if (json !== undefined) headers.set('content-type', 'application/json')
    const body = json !== undefined ? JSON.stringify(json) : rest.body
    const method = rest.method ?? (body !== undefined ? 'POST' : 'GET')
    const env = {
      incoming: { socket: { remoteAddress: ip ?? '127.0.0.1', remotePort: 1, remoteFamily: 'IPv4' } },
    }
    return Promise.resolve(
      ctx.app.request(`${config.baseUrl}${path}`, { ...rest, method, headers, body }, env),
    )
  }
  return {
    ctx,
    smtp,
    dbOptions: testDb.options,
    request,
    signIn: async (email, opts = {}) => {
      // A distinct IP per sign-in keeps tests clear of the per-IP magic-link rate limit.
      const ip = opts.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
      const after = Date.now()
      const res = await request('/api/auth/sign-in/magic-link', { json: { email }, ip })
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
      const mail = await smtp.waitForMail(email, { after })
      const token = new URL(mail.link!).searchParams.get('token')!
      const verify = await request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, { ip })
      if (!verify.ok) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`)
      return verify.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
    },
    setPlan: async (email, plan) => {
      await ctx.store.db
        .update(user)
        .set({ plan, status: plan === 'free' ? null : 'active' })
        .where(eq(user.email, email.toLowerCase()))
    },
    post: async (path, cookie, json) => {
      const res = await request(path, { cookie, json })
      return { status: res.status, body: await res.json() }
    },
    get: async (path, cookie) => {
      const res = await request(path, { cookie })
      return { status: res.status, body: await res.json() }
    },
    close: async () => {
      await ctx.close()
      await smtp.close()
      await testDb.dispose()
    },
  }
}
