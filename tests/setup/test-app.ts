// A whole server context (database, auth, app) for route-integration tests through
// app.request(), with a real SMTP server for the magic-link mails and a signIn() helper.
import { loadConfig } from '../../server/config.ts'
import { createContext, type ServerContext } from '../../server/context.ts'
import { startTestSmtp, type TestSmtp } from './smtp.ts'
import { createTestDb, type DbKind } from './test-db.ts'

export const BASE_URL = 'http://localhost:3999'

export type TestApp = {
  ctx: ServerContext
  smtp: TestSmtp
  /** app.request() with the Origin better-auth wants, a client IP, and an optional cookie. */
  request(
    path: string,
    init?: RequestInit & { cookie?: string; ip?: string; json?: unknown },
  ): Promise<Response>
  /** Signs in through the real magic-link flow and returns the session cookie. */
  signIn(email: string, opts?: { ip?: string }): Promise<string>
  close(): Promise<void>
}

export async function createTestApp(kind: DbKind, env: Record<string, string> = {}): Promise<TestApp> {
  const smtp = await startTestSmtp()
  const testDb = await createTestDb(kind)
  const config = loadConfig({
    BASE_URL: BASE_URL,
    DATA_DIR: '/tmp/iconvault-test-unused',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...env,
  })
  const ctx = await createContext(config, testDb.options)
  let ipCounter = 0
  const request: TestApp['request'] = (path, init = {}) => {
    const { cookie, ip, json, ...rest } = init
    const headers = new Headers(rest.headers)
    headers.set('origin', BASE_URL)
    if (cookie) headers.set('cookie', cookie)
    if (json !== undefined) headers.set('content-type', 'application/json')
    const body = json !== undefined ? JSON.stringify(json) : rest.body
    const method = rest.method ?? (body !== undefined ? 'POST' : 'GET')
    const env = {
      incoming: { socket: { remoteAddress: ip ?? '127.0.0.1', remotePort: 1, remoteFamily: 'IPv4' } },
    }
    return Promise.resolve(ctx.app.request(`${BASE_URL}${path}`, { ...rest, method, headers, body }, env))
  }
  return {
    ctx,
    smtp,
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
    close: async () => {
      await ctx.close()
      await smtp.close()
      await testDb.dispose()
    },
  }
}
