// Reads the session once per request into c.var.user; requireUser() answers 401 without one. A GET
// takes it from the session cache when it can (no database round trip, ADR 0303); any other request
// asks better-auth and then forgets the cached copy (it may have changed the user).

import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Auth } from '../auth/auth.ts'
import type { SessionUser } from '../auth/session-user.ts'
import { type SessionCache, sessionCache } from '../cache/session-cache.ts'
import { wroteCookie, wroteElsewhere } from '../cache/wrote-elsewhere.ts'
import { signedOut } from '../domain/errors.ts'
import type { EventBus } from '../events/events.ts'

export type AppEnv = {
  Variables: {
    user: SessionUser | null
    requestId: string
    /** The session wrote lately through another process: what is kept for it is not believed (ADR 0418). */
    wroteElsewhere?: boolean
  }
}

/** better-auth's signed session cookie (with its __Secure- prefix over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/

/** The session cookie's value in a Cookie header (also read by the fast path, session-fast-path.ts). */
export const sessionTokenOf = (cookie: string | undefined): string | undefined =>
  cookie ? SESSION_COOKIE.exec(cookie)?.[1] : undefined

/**
 * `load` reads the session into c.var.user (mounted after /api/auth); `forgetOnWrite` (mounted before
 * it) forgets, once a request that may write has been answered, the cached session it came with.
 * Every cached session goes only when `clearsAll` (the Stripe webhook's path: it may change any
 * user's plan) has been answered with success: any other request without a cookie, anyone's, clears
 * nothing. Notes from other processes (sessions ended, users changed) arrive through `events`; when
 * notes may have been missed (`onResync`), every cached session goes.
 */
export function sessionMiddleware(
  auth: Auth,
  events?: EventBus,
  opts: {
    clearsAll?: string
    cache?: SessionCache
    /** This process's mark when others may share the database (Postgres): writes set it (ADR 0418). */
    writeMark?: string
  } = {},
) {
  const cache = opts.cache ?? sessionCache()
  events?.onIdentityChange(({ sessions, users }) => {
    if (sessions) cache.endSessions(sessions)
    if (users) cache.forgetUsers(users)
  })
  // Notes may have been missed (the listener's connection was lost): no kept session is trusted.
  events?.onResync(() => cache.clear())
  const tokenOf = (c: Context) => sessionTokenOf(c.req.header('cookie'))
  const reading = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD'

  const forgetOnWrite = createMiddleware<AppEnv>(async (c, next) => {
    if (reading(c)) return next()
    try {
      await next()
    } finally {
      const token = tokenOf(c)
      if (token) {
        cache.forget(token)
        // The other processes may not have heard of this write yet (ADR 0418).
        if (opts.writeMark)
          c.header('Set-Cookie', wroteCookie(opts.writeMark, c.req.header('cookie')), { append: true })
      } else if (c.req.path === opts.clearsAll && c.res.ok) cache.clear()
    }
  })

  /** better-auth's answer for this request's cookie. */
  const ask = async (c: Context) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers })
    const u = session?.user
    const user: SessionUser | null = u
      ? {
          id: u.id,
          email: u.email,
          name: u.name,
          plan: (u.plan ?? 'free') as SessionUser['plan'],
          status: (u.status ?? null) as SessionUser['status'],
          sessionId: session.session?.id,
        }
      : null
    return { user, expiresAt: session ? new Date(session.session.expiresAt).getTime() : 0 }
  }

  const load = createMiddleware<AppEnv>(async (c, next) => {
    const token = tokenOf(c)
    // Its own write, answered elsewhere, may not be heard here yet: the session is read afresh.
    if (token && opts.writeMark && wroteElsewhere(c.req.header('cookie'), opts.writeMark)) {
      cache.forget(token)
      c.set('wroteElsewhere', true)
    }
    // A GET with a cookie: the kept user, or one read of better-auth shared by every request that
    // asks meanwhile (kept-for.ts). Any other request asks better-auth itself.
    c.set('user', token && reading(c) ? await cache.through(token, () => ask(c)) : (await ask(c)).user)
    await next()
  })

  return { load, forgetOnWrite }
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw signedOut()
  await next()
})
