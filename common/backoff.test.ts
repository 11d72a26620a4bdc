// The one backoff (backoff.ts, ADR 0032): doubling steps up to a cap, each wait between half and the
// whole step; Retry-After read as seconds or an HTTP date.
import { describe, expect, it } from 'vitest'
import { backoffDelay, retryAfterMs } from './backoff.ts'

describe('backoffDelay', () => {
  const policy = { firstMs: 100, maxMs: 5000 }

  it('doubles from the first step up to the cap, each wait between half and the whole step', () => {
    const steps = [100, 200, 400, 800, 1600, 3200, 5000, 5000]
    steps.forEach((step, attempt) => {
      expect(backoffDelay(attempt, policy, () => 0)).toBe(step / 2)
      expect(backoffDelay(attempt, policy, () => 1)).toBe(step)
    })
    expect(backoffDelay(10_000, policy, () => 1)).toBe(5000)
    expect(backoffDelay(-3, policy, () => 1)).toBe(100)
  })

  it('spreads callers that fail together: the draws are not all alike, and none leaves the range', () => {
    const waits = Array.from({ length: 200 }, () => backoffDelay(3, policy))
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(400)
      expect(wait).toBeLessThanOrEqual(800)
    }
    expect(new Set(waits).size).toBeGreaterThan(100)
  })
})

describe('retryAfterMs', () => {
  const now = Date.parse('2026-12-01T10:00:00Z')

  it('reads delay-seconds and HTTP dates, a past date as 0', () => {
    expect(retryAfterMs('3', now)).toBe(3000)
    expect(retryAfterMs(' 0.5 ', now)).toBe(500)
    expect(retryAfterMs('Tue, 01 Dec 2026 10:00:05 GMT', now)).toBe(5000)
    expect(retryAfterMs('Tue, 01 Dec 2026 09:00:00 GMT', now)).toBe(0)
  })

  it('reads nothing from an absent or unreadable header', () => {
    expect([null, undefined, '', 'soon', '-1', '12:00'].map((v) => retryAfterMs(v, now))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})
