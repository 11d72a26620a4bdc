import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { securityHeaders } from './security-headers.ts'

test('every answer gets the security headers; a stricter one of its own is kept', async () => {
  const app = new Hono()
  app.use(securityHeaders())
  app.get('/', (c) => c.json({ a: 1 }))
  app.get('/svg', (c) => c.body('<svg/>', 200, { 'Content-Security-Policy': 'sandbox' }))
  app.get('/raw', () => new Response('raw'))
  const headers = Object.fromEntries((await app.request('/')).headers)
  expect(headers).toEqual({
    'content-security-policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    'content-type': 'application/json',
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
  })
  const svg = await app.request('/svg')
  expect(svg.headers.get('content-security-policy')).toBe('sandbox')
  expect(svg.headers.get('x-frame-options')).toBe('DENY')
  expect((await app.request('/raw')).headers.get('x-frame-options')).toBe('DENY')
})
