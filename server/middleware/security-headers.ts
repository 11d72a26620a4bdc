// Security headers on every response: a CSP without inline script, no sniffing, no framing, a strict
// referrer policy (what hono/secure-headers gave, written out once). A route may set a stricter
// header of its own (e.g. `sandbox` on SVG downloads): a header the answer has is kept. An answer
// built whole by compress-json (a kept answer) carries them already and is not touched again.
import { createMiddleware } from 'hono/factory'

const CSP = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'worker-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
}

/** Every response's security headers, lower-case names. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CSP)
    .map(([k, v]) => `${k} ${v}`)
    .join('; '),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}
const ENTRIES = Object.entries(SECURITY_HEADERS)

declare module 'hono' {
  interface ContextVariableMap {
    /** Set when the answer already carries the security headers, the request id and its Cache-Control. */
    answerComplete: boolean
  }
}

export const securityHeaders = () =>
  createMiddleware(async (c, next) => {
    await next()
    if (c.get('answerComplete')) return
    let headers = c.res.headers
    try {
      for (const [name, value] of ENTRIES) if (!headers.has(name)) headers.set(name, value)
    } catch {
      // A response with immutable headers (passed through from elsewhere): copy it once.
      c.res = new Response(c.res.body, c.res)
      headers = c.res.headers
      for (const [name, value] of ENTRIES) if (!headers.has(name)) headers.set(name, value)
    }
  })
