import { expect, test } from 'vitest'
import { fixedWindow } from './rate-limit.ts'

test('a fixed window allows max per key, then answers the seconds left, and opens again', () => {
  let now = 1_000_000
  const w = fixedWindow({ max: 3, windowMs: 60_000 }, () => now)
  expect([w.take('a'), w.take('a'), w.take('a')]).toEqual([0, 0, 0])
  expect(w.take('a')).toBe(60)
  expect(w.take('b')).toBe(0)
  now += 59_500
  expect(w.take('a')).toBe(1)
  now += 500
  expect(w.take('a')).toBe(0)
})

test('memory stays bounded under many distinct keys, and live windows of recent keys are kept', () => {
  let now = 0
  const w = fixedWindow({ max: 1, windowMs: 60_000 }, () => now)
  for (let i = 0; i < 250_000; i++) w.take(`k${i}`)
  expect(w.size()).toBeLessThanOrEqual(100_000)
  // The most recent keys are still counted…
  expect(w.take('k249999')).toBeGreaterThan(0)
  // …and after their windows end, they start afresh.
  now += 60_000
  expect(w.take('k249999')).toBe(0)
})
