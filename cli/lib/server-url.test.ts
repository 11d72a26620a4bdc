// Which server URLs the CLI talks to (server-url.ts): https anywhere, plain http only to this
// machine unless --insecure.
import { describe, expect, it } from 'vitest'
import { checkServerUrl } from './server-url.ts'

describe('checkServerUrl', () => {
  it('takes https and http to loopback, without trailing slashes', () => {
    expect(checkServerUrl('https://icons.example.com/', false)).toBe('https://icons.example.com')
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.9.8.7',
      'http://[::1]:3000',
    ])
      expect(checkServerUrl(url, false)).toBe(url)
  })
  it('refuses plain http to another machine unless insecure, and what is no http URL', () => {
    for (const url of [
      'http://icons.example.com',
      'http://10.0.0.2:3000',
      'http://0.0.0.0:3000',
      'http://localhost.evil.com',
    ])
      expect(() => checkServerUrl(url, false), url).toThrow(/--insecure/)
    expect(checkServerUrl('http://icons.example.com', true)).toBe('http://icons.example.com')
    for (const url of ['ftp://icons.example.com', 'icons.example.com', 'file:///etc/passwd'])
      expect(() => checkServerUrl(url, true), url).toThrow(/https:\/\//)
  })
})
