import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { decideTestCheckout, startupBillingLine } from './test-checkout.ts'

const local = { provider: 'local' as const }

describe('decideTestCheckout', () => {
  it('allows it on an http development server only', () => {
    expect(decideTestCheckout({ ...local, baseUrl: 'http://localhost:3000' }).allowed).toBe(true)
    expect(decideTestCheckout({ ...local, baseUrl: 'https://icons.example' })).toEqual({
      allowed: false,
      reason: 'BASE_URL is https (a deployment)',
    })
    expect(decideTestCheckout({ ...local, baseUrl: 'http://x', nodeEnv: 'production' })).toEqual({
      allowed: false,
      reason: 'NODE_ENV=production',
    })
  })

  it('follows ALLOW_TEST_CHECKOUT whatever else; never with Stripe', () => {
    expect(
      decideTestCheckout({ ...local, baseUrl: 'https://x', nodeEnv: 'production', allow: '1' }).allowed,
    ).toBe(true)
    expect(decideTestCheckout({ ...local, baseUrl: 'http://x', allow: '0' }).allowed).toBe(false)
    expect(decideTestCheckout({ provider: 'stripe', baseUrl: 'http://x', allow: '1' }).allowed).toBe(false)
  })

  it('is read by loadConfig, as compose.yaml configures a replica (https, no ALLOW_TEST_CHECKOUT)', () => {
    const compose = { BASE_URL: 'https://localhost', AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent' }
    expect(loadConfig(compose).billing.testCheckout.allowed).toBe(false)
    expect(loadConfig({ ...compose, ALLOW_TEST_CHECKOUT: '1' }).billing.testCheckout.allowed).toBe(true)
    expect(() => loadConfig({ ...compose, ALLOW_TEST_CHECKOUT: 'yes' })).toThrow(/ALLOW_TEST_CHECKOUT/)
  })
})

describe('the deployment files', () => {
  it('run with the test checkout off: compose has an https BASE_URL and no switch, the image NODE_ENV=production', () => {
    const compose = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8')
    expect(compose).toMatch(/^ {4}BASE_URL: https:\/\//m)
    expect(compose).not.toMatch(/ALLOW_TEST_CHECKOUT\s*:/)
    const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8')
    expect(dockerfile).toMatch(/NODE_ENV=production/)
    expect(dockerfile).not.toMatch(/ALLOW_TEST_CHECKOUT/)
  })
})

describe('startupBillingLine', () => {
  it('says which mode and why, warning when plans are not sold or given away on purpose', () => {
    const off = startupBillingLine({
      ...local,
      testCheckout: { allowed: false, reason: 'NODE_ENV=production' },
    })
    expect(off.level).toBe('warn')
    expect(off.message).toMatch(/test checkout is off \(NODE_ENV=production\).*ALLOW_TEST_CHECKOUT=1/)
    const dev = startupBillingLine({ ...local, testCheckout: { allowed: true, reason: 'BASE_URL is http' } })
    expect(dev).toEqual({
      level: 'info',
      message: 'Billing: built-in test checkout, paid plans are given without payment (BASE_URL is http)',
    })
    const forced = startupBillingLine({
      ...local,
      testCheckout: { allowed: true, reason: 'ALLOW_TEST_CHECKOUT=1' },
    })
    expect(forced.level).toBe('warn')
    expect(
      startupBillingLine({ provider: 'stripe', testCheckout: { allowed: false, reason: '' } }).message,
    ).toBe('Billing: Stripe')
  })
})
