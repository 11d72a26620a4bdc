// Reads the session once per request into c.var.user; requireUser() answers 401 without one.
import { createMiddleware } from 'hono/factory'
import type { Auth } from '../auth.ts'
import { signedOut } from '../domain/errors.ts'

export type SessionUser = {
  id: string
  email: string
  name: string
  plan: 'free' | 'pro' | 'gold'
  status: 'active' | 'canceled' | null
  /** The session's id: a change is not echoed on the live stream of the session that made it (ADR 0401). */
  sessionId?: string
}

export type AppEnv = { Variables: { user: SessionUser | null; requestId: string } }

export const loadSession = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers })
    const u = session?.user
    c.set(
      'user',
      u
        ? {
            id: u.id,
            email: u.email,
            name: u.name,
            plan: (u.plan ?? 'free') as SessionUser['plan'],
            status: (u.status ?? null) as SessionUser['status'],
            sessionId: session.session?.id,
          }
        : null,
    )
    await next()
  })

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw signedOut()
  await next()
})
