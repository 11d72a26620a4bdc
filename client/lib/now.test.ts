// The page's clock for relative times (now.ts): it moves while someone listens, so a history entry
// drawn "just now" reads "1 minute ago" a minute later, and stops when no one listens.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { relativeTime } from '../features/icons/detail/history-text.ts'
import { NOW_EVERY_MS, readNow, subscribeNow } from './now.ts'

describe('the clock of relative times', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T10:00:00Z') })
  })
  afterEach(() => vi.useRealTimers())

  test('moves while listened to, says each move, and stops when the last listener leaves', () => {
    const seen: number[] = []
    const stop = subscribeNow(() => seen.push(readNow()))
    const made = new Date(readNow()).toISOString()
    expect(relativeTime(made, readNow())).toBe('just now')
    vi.advanceTimersByTime(2 * NOW_EVERY_MS)
    expect(seen).toHaveLength(2)
    expect(relativeTime(made, readNow())).toBe('1 minute ago')
    vi.advanceTimersByTime(4 * NOW_EVERY_MS)
    expect(relativeTime(made, readNow())).toBe('3 minutes ago')
    stop()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * NOW_EVERY_MS)
    expect(seen).toHaveLength(6)
  })
})
