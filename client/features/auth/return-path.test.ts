import { beforeEach, describe, expect, it } from 'vitest'
import { rememberReturnPath, safeReturnPath, takeReturnPath } from './return-path.ts'

// An in-memory Storage, as the browser's localStorage behaves for these three calls.
const kept = new Map<string, string>()
const storage = () => ({
  getItem: (k: string) => kept.get(k) ?? null,
  setItem: (k: string, v: string) => void kept.set(k, v),
  removeItem: (k: string) => void kept.delete(k),
})
const remember = (href: string) => rememberReturnPath(href, storage)
const take = (now = Date.now()) => takeReturnPath(now, storage)

describe('the path a signed-out visitor was heading to', () => {
  beforeEach(() => kept.clear())

  it('keeps a path of the app with its search, once', () => {
    remember('/info?projectId=3f1c')
    expect(take()).toBe('/info?projectId=3f1c')
    expect(take()).toBeNull()
  })

  it('never keeps another origin, a protocol-relative URL or a guest page', () => {
    for (const href of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(safeReturnPath(href)).toBeNull()
    for (const href of ['/', '/sign-in?x=1', '/verify-identity?token=t']) {
      remember(href)
      expect(take()).toBeNull()
    }
  })

  it('forgets it after an hour', () => {
    remember('/maker')
    expect(take(Date.now() + 61 * 60 * 1000)).toBeNull()
  })
})

describe('asking for a link from /sign-in itself', () => {
  it('forgets a path remembered before', async () => {
    const { forgetReturnPath } = await import('./return-path.ts')
    remember('/info?projectId=1')
    forgetReturnPath(storage)
    expect(take()).toBeNull()
  })
})
