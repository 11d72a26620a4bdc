// The reconnect's retries (ADR 0306); the backoff's steps and jitter are common/backoff.test.ts's.
import { expect, test } from 'vitest'
import { backoffDelay } from '../../common/backoff.ts'
import { RECONNECT_BACKOFF, retryWithBackoff } from './backoff.ts'

test('waits 100 ms doubling to 5 s, jittered between half and the whole step', () => {
  expect([0, 1, 5, 6, 20].map((n) => backoffDelay(n, RECONNECT_BACKOFF, () => 1))).toEqual([
    100, 200, 3200, 5000, 5000,
  ])
  expect(backoffDelay(0, RECONNECT_BACKOFF, () => 0)).toBe(50)
})

test('retries until the attempt succeeds, telling each failure; stops when asked', async () => {
  const failures: unknown[] = []
  let tries = 0
  const value = await retryWithBackoff(
    async () => {
      if (++tries < 3) throw new Error(`no ${tries}`)
      return 'back'
    },
    { stopped: () => false, failed: (err) => failures.push((err as Error).message) },
  )
  expect(value).toBe('back')
  expect(failures).toEqual(['no 1', 'no 2'])
  const stopped = await retryWithBackoff(async () => 'never', { stopped: () => true, failed: () => {} })
  expect(stopped).toBeNull()
})
