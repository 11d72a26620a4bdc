// The client's address: the socket's, or, behind TRUST_PROXY reverse proxies, the right-most
// X-Forwarded-For entry those proxies did not add themselves; a client-sent header is never
// believed beyond that. better-auth reads it from CLIENT_IP_HEADER (advanced.ipAddress), our
// rate limits from clientIp(), so neither collapses into one bucket behind a proxy.
import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { CLIENT_IP_HEADER } from '../auth/auth.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by clientAddress(); clientIp() falls back to the socket without it. */
    clientIp: string
  }
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** One X-Forwarded-For entry as a bare address ("[::1]:80", "1.2.3.4:5" and quotes trimmed), or null. */
function bareAddress(entry: string): string | null {
  let a = entry.trim().replace(/^"|"$/g, '')
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a)
  if (bracketed?.[1]) a = bracketed[1]
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'))
  return isIP(a) ? a : null
}

/**
 * The client address from the socket and X-Forwarded-For, trusting `hops` proxies: the socket is the
 * nearest proxy, each trusted proxy appended the address it saw, so the client is the entry
 * `hops` from the right of [...forwarded, socket] (the left-most when the chain is shorter).
 */
export function resolveClientIp(
  socket: string,
  forwardedFor: string | null | undefined,
  hops: number,
): string {
  if (hops <= 0 || !forwardedFor) return socket
  const chain = [...forwardedFor.split(','), socket]
  const index = Math.max(0, chain.length - 1 - hops)
  const entry = chain[index] ?? socket
  return index === chain.length - 1 ? socket : (bareAddress(entry) ?? socket)
}

/** Middleware: works out the client address once per request (TRUST_PROXY from config). */
export const clientAddress = (trustProxy: number) =>
  createMiddleware(async (c, next) => {
    const forwarded = trustProxy > 0 ? c.req.header('x-forwarded-for') : undefined
    c.set('clientIp', resolveClientIp(socketAddress(c), forwarded, trustProxy))
    await next()
  })

export function clientIp(c: Context): string {
  return c.get('clientIp') ?? socketAddress(c)
}

/** A copy of the request whose CLIENT_IP_HEADER is the client address, whatever the client sent. */
export function withClientIp(c: Context): Request {
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, clientIp(c))
  const raw = c.req.raw
  const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD'
  return new Request(raw.url, {
    method: raw.method,
    headers,
    body: hasBody ? raw.body : undefined,
    signal: raw.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}
