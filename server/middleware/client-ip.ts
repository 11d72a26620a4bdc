// The client IP, from the socket only: a client-sent header is never trusted. better-auth
// reads it from CLIENT_IP_HEADER (advanced.ipAddress.ipAddressHeaders), so its rate limits
// are per client instead of one bucket for everyone.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { CLIENT_IP_HEADER } from '../auth.ts'

export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** A copy of the request whose CLIENT_IP_HEADER is the socket address, whatever the client sent. */
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
