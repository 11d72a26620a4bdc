// The CLI's wait before asking a busy server again (backoff.ts): Retry-After in seconds or as an
// HTTP date, bounded; a default doubling without one; only 429 and 503, at most MAX_RETRIES times.
import { describe, expect, it } from 'vitest'
import { MAX_RETRIES, MAX_WAIT_MS, retryDelayMs, withRetries } from './backoff.ts'

describe('retryDelayMs', () => {
  const now = Date.parse('2026-12-01T10:00:00Z')
  it('reads seconds and HTTP dates, never below 0 nor above the bound', () => {
    expect(retryDelayMs('3', 0, now)).toBe(3000)
    expect(retryDelayMs('0', 2, now)).toBe(0)
    expect(retryDelayMs('Tue, 01 Dec 2026 10:00:05 GMT', 0, now)).toBe(5000)
    expect(retryDelayMs('Tue, 01 Dec 2026 09:00:00 GMT', 0, now)).toBe(0)
    expect(retryDelayMs('86400', 0, now)).toBe(MAX_WAIT_MS)
    expect(retryDelayMs('Wed, 01 Dec 2027 10:00:00 GMT', 0, now)).toBe(MAX_WAIT_MS)
  })
  it('doubles from 1 s without a readable Retry-After, each wait between half and the whole step', () => {
    const whole = () => 1
    expect([null, 'soon', '-1', ''].map((h, i) => retryDelayMs(h, i, now, whole))).toEqual([
      1000, 2000, 4000, 8000,
    ])
    expect([null, 'soon'].map((h, i) => retryDelayMs(h, i, now, () => 0))).toEqual([500, 1000])
  })
})

describe('withRetries', () => {
  const answer = (status: number) => new Response('{}', { status, headers: { 'retry-after': '0' } })

  it('asks again after 429 and 503 and says so each time', async () => {
    const statuses = [429, 503, 200]
    const said: string[] = []
    const res = await withRetries(
      async () => answer(statuses.shift()!),
      (line) => said.push(line),
    )
    expect(res.status).toBe(200)
    expect(said).toEqual([
      'the server answered 429; waiting 0 s (retry 1 of 4).',
      'the server answered 503; waiting 0 s (retry 2 of 4).',
    ])
  })

  it('gives up after MAX_RETRIES and answers the last refusal; other statuses are not retried', async () => {
    let sent = 0
    const counted = (status: number) => async () => {
      sent++
      return answer(status)
    }
    const last = await withRetries(counted(503), () => {})
    expect([last.status, sent]).toEqual([503, MAX_RETRIES + 1])
    sent = 0
    const failed = await withRetries(counted(500), () => {})
    expect([failed.status, sent]).toEqual([500, 1])
  })
})
