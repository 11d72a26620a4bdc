import { expect, test } from 'vitest'
import { resolveClientIp } from './client-ip.ts'

test('without trusted proxies the socket address is the client, whatever X-Forwarded-For says', () => {
  expect(resolveClientIp('10.0.0.1', '203.0.113.9', 0)).toBe('10.0.0.1')
  expect(resolveClientIp('10.0.0.1', null, 2)).toBe('10.0.0.1')
})

test('behind N trusted proxies the client is the N-th address from the right', () => {
  // client -> proxy A (appends client) -> proxy B (appends A) -> server (socket: B)
  expect(resolveClientIp('10.0.0.2', '203.0.113.9', 1)).toBe('203.0.113.9')
  expect(resolveClientIp('10.0.0.2', '203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9')
  // What the client itself sent sits to the left and is never believed.
  expect(resolveClientIp('10.0.0.2', '6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9')
  expect(resolveClientIp('10.0.0.2', '6.6.6.6, 5.5.5.5, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9')
  // A chain shorter than the hops configured: the left-most entry.
  expect(resolveClientIp('10.0.0.2', '203.0.113.9', 3)).toBe('203.0.113.9')
})

test('ports, brackets and IPv6 are read; anything that is not an address falls back to the socket', () => {
  expect(resolveClientIp('10.0.0.2', '203.0.113.9:4711', 1)).toBe('203.0.113.9')
  expect(resolveClientIp('10.0.0.2', '[2001:db8::1]:443', 1)).toBe('2001:db8::1')
  expect(resolveClientIp('10.0.0.2', '2001:db8::1', 1)).toBe('2001:db8::1')
  expect(resolveClientIp('10.0.0.2', 'unknown', 1)).toBe('10.0.0.2')
  expect(resolveClientIp('10.0.0.2', '<script>', 1)).toBe('10.0.0.2')
})

test('TRUST_PROXY is read once by the configuration: a whole number of hops, 0 by default', async () => {
  const { loadConfig } = await import('../config/config.ts')
  const base = { AUTH_SECRET: 'x'.repeat(32) }
  expect(loadConfig(base).trustProxy).toBe(0)
  expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2)
  expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
  expect(() => loadConfig({ ...base, TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/)
})
