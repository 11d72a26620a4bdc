// The one retry rule (retry.ts) and its users: queries, the outbox, the live stream, the health probe.
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { decideFailure } from '../local/outbox-rules.ts'
import { ApiError } from './api.ts'
import { queryClient } from './query-client.ts'
import {
  backoffDelay,
  isTransientStatus,
  isUnreachableStatus,
  MAX_DELAY_MS,
  MAX_QUERY_RETRIES,
  MAX_SEND_TRIES,
  retryAfterSeconds,
} from './retry.ts'

describe('which failures are transient', () => {
  test('no answer and 502, 503, 504 mean the server cannot be reached; nothing else does', () => {
    expect([undefined, 502, 503, 504].every(isUnreachableStatus)).toBe(true)
    expect([400, 401, 404, 408, 429, 500, 501].some(isUnreachableStatus)).toBe(false)
  })

  test('408, 429 and every 5xx may pass later; any other 4xx would fail the same way', () => {
    expect([408, 429, 500, 501, 502, 503, 504, 599].every(isTransientStatus)).toBe(true)
    expect([400, 401, 403, 404, 409, 410, 413, 415, 422].some(isTransientStatus)).toBe(false)
  })
})

describe('backoff', () => {
  const whole = () => 1
  test('doubles from 1 s and is capped at 30 s, each wait between half and the whole step', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 50].map((n) => backoffDelay(n, 0, whole))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ])
    expect([0, 1, 5].map((n) => backoffDelay(n, 0, () => 0))).toEqual([500, 1000, 15000])
    expect(MAX_DELAY_MS).toBe(30_000)
  })

  test('is never shorter than Retry-After, and never longer than the cap', () => {
    expect(backoffDelay(0, 7, whole)).toBe(7000)
    expect(backoffDelay(4, 7, whole)).toBe(16000)
    expect(backoffDelay(0, 120, whole)).toBe(30_000)
  })

  test('Retry-After is read in seconds, or not at all', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '5' }))).toBe(5)
    expect(retryAfterSeconds(new Headers({ 'x-retry-after': '2' }))).toBe(2)
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }))).toBeUndefined()
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString()
    expect(retryAfterSeconds(new Headers({ 'retry-after': inTenSeconds }))).toBeGreaterThan(8)
    expect(retryAfterSeconds(new Headers())).toBeUndefined()
    expect(retryAfterSeconds(undefined)).toBeUndefined()
  })
})

describe('the callers agree', () => {
  const { retry, retryDelay } = queryClient.getDefaultOptions().queries ?? {}
  const shouldRetry = retry as (failureCount: number, error: unknown) => boolean
  const delayOf = retryDelay as (failureCount: number, error: unknown) => number

  test('a query retries what the outbox retries or waits for, and gives up on the rest', () => {
    for (let status = 400; status < 600; status++) {
      const error = new ApiError(status, 'x')
      const outbox = decideFailure('icons/update', { status, message: 'x' }, 1).kind
      const queryRetries = shouldRetry(0, error)
      expect(queryRetries, `status ${status}`).toBe(outbox === 'retry' || outbox === 'offline')
    }
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true)
  })

  test('queries retry 3 times, the outbox tries 3 times in all', () => {
    const error = new ApiError(500, 'x')
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, error))).toEqual([true, true, true, false])
    expect(MAX_QUERY_RETRIES).toBe(3)
    expect(decideFailure('icons/update', { status: 500, message: 'x' }, MAX_SEND_TRIES - 1).kind).toBe(
      'retry',
    )
    expect(decideFailure('icons/update', { status: 500, message: 'x' }, MAX_SEND_TRIES).kind).toBe('rollback')
  })

  test('both wait by the same backoff, Retry-After included', () => {
    // The jitter's draw pinned to the whole step, so both callers' waits compare exactly.
    vi.spyOn(Math, 'random').mockReturnValue(1)
    onTestFinished(() => {
      vi.restoreAllMocks()
    })
    const busy = new ApiError(429, 'x', new Headers({ 'retry-after': '7' }))
    expect([0, 1, 5].map((n) => delayOf(n, new ApiError(500, 'x')))).toEqual([1000, 2000, 30000])
    expect(delayOf(0, busy)).toBe(7000)
    for (const tries of [1, 2])
      expect(decideFailure('icons/update', { status: 500, message: 'x' }, tries)).toEqual({
        kind: 'retry',
        delayMs: backoffDelay(tries - 1),
      })
  })
})
