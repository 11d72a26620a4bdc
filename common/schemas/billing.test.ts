import { describe, expect, it } from 'vitest'
import { sameOriginPath } from './billing.ts'

describe('sameOriginPath (open-redirect guard for successUrl, cancelUrl, returnUrl)', () => {
  it('keeps paths on this site, normalised', () => {
    expect(sameOriginPath('/maker')).toBe('/maker')
    expect(sameOriginPath('/upgrade?from=fab#plans')).toBe('/upgrade?from=fab#plans')
    expect(sameOriginPath('/a/../maker')).toBe('/maker')
    expect(sameOriginPath('/./maker/.')).toBe('/maker/')
    expect(sameOriginPath('/%2e/maker')).toBe('/maker')
  })

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      'http:/evil.example',
      '//evil.example/x',
      '/.//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/..//evil.example/x?y#z',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      ' /maker',
      '/ma\nker',
      '/\tevil',
      'maker',
      '',
    ]) {
      expect(sameOriginPath(bad), JSON.stringify(bad)).toBeNull()
    }
  })
})
