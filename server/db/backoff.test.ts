// The reconnect backoff (ADR 0306): 100 ms doubling to 5 s, each wait between half and all of its step.
import { expect, test } from 'vitest'
import { BACKOFF_MAX_MS, backoffDelay, retryWithBackoff } from './backoff.ts'

test('doubles from 100 ms up to 5 s, jittered between half and the whole step', () => {
  const steps = [100, 200, 400, 800, 1600, 3200, 5000, 5000]
  steps.forEach((step, attempt) => {
    expect(backoffDelay(attempt, () => 0)).toBe(step / 2)
    expect(backoffDelay(attempt, () => 0.999999)).toBeCloseTo(step, 2)
  })
  expect(backoffDelay(1000, () => 1)).toBe(BACKOFF_MAX_MS)
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
