// A signed-in pro user of a real server process, through its HTTP API only (no browser): magic link
// read from the test SMTP server, the local billing checkout, a personal project. For tests and
// benchmarks that drive the server as a client would (tests/integration, bench/).
import { randomUUID } from 'node:crypto'
import type { TestSmtp } from './smtp.ts'

export type ApiUser = {
  baseUrl: string
  cookie: string
  projectId: string
  /** fetch on the server with the user's cookie, the app's Origin and, for a body, JSON. */
  call(path: string, body?: unknown, init?: RequestInit): Promise<Response>
}

/**
 * Signs `email` in through the magic link and answers the session cookie. `forwardedFor` is sent as
 * X-Forwarded-For (a server with TRUST_PROXY=1 counts sign-in limits per that address): tests that
 * sign many people in give each their own.
 */
export async function signInApi(
  baseUrl: string,
  smtp: TestSmtp,
  email: string,
  forwardedFor?: string,
): Promise<string> {
  const after = Date.now()
  const res = await fetch(`${baseUrl}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email }),
  })
  if (!res.ok) throw new Error(`sign-in of ${email}: HTTP ${res.status} ${await res.text()}`)
  const mail = await smtp.waitForMail(email, { after })
  const token = mail.link ? new URL(mail.link).searchParams.get('token') : null
  if (!token) throw new Error(`The mail to ${email} carries no sign-in link`)
  const verify = await fetch(`${baseUrl}/api/auth/magic-link/verify?token=${token}`, {
    headers: { origin: baseUrl, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    redirect: 'manual',
  })
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error(`No session cookie for ${email} (HTTP ${verify.status})`)
  return cookie
}

/** Signs `email` in, subscribes it to pro through the local checkout and creates a personal project. */
export async function proUserWithProject(
  baseUrl: string,
  smtp: TestSmtp,
  email: string,
  forwardedFor?: string,
): Promise<ApiUser> {
  const cookie = await signInApi(baseUrl, smtp, email, forwardedFor)
  const call: ApiUser['call'] = (path, body, init = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...init,
      headers: {
        cookie,
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const ok = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`)
    return res.json()
  }
  const upgrade = await ok(
    await call('/api/auth/subscription/upgrade', {
      plan: 'pro',
      successUrl: '/maker',
      cancelUrl: '/upgrade',
    }),
    'upgrade',
  )
  const session = new URL(upgrade.url, baseUrl).searchParams.get('session')
  await ok(await call('/api/billing/checkout/complete', { session }), 'checkout')
  const projectId = randomUUID()
  await ok(
    await call('/api/projects/create', { id: projectId, name: 'Pool', description: '', workspace_id: null }),
    'project',
  )
  return { baseUrl, cookie, projectId, call }
}
