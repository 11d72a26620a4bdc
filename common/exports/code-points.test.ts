import { describe, expect, test } from 'vitest'
import {
  assignCodePoints,
  CODE_POINT_COUNT,
  CODE_POINT_FIRST,
  NoFreeCodePoint,
  preferredCodePoint,
} from './code-points.ts'

const ids = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1) + (from + i) * 1000).toISOString(),
  }))

describe('icon font code points (ADR 0105)', () => {
  test('each lies in Supplementary Private Use Area-A and derives from the id alone', () => {
    const icons = ids(2000)
    const points = assignCodePoints(icons)
    expect(new Set(points.values()).size).toBe(2000)
    for (const point of points.values()) {
      expect(point).toBeGreaterThanOrEqual(0xf0000)
      expect(point).toBeLessThanOrEqual(0xffffd)
    }
    expect(CODE_POINT_FIRST + CODE_POINT_COUNT - 1).toBe(0xffffd)
    // Upper or lower case, the same icon.
    expect(preferredCodePoint(icons[0]!.id.toUpperCase())).toBe(preferredCodePoint(icons[0]!.id))
    // In any order.
    expect(assignCodePoints([...icons].reverse())).toEqual(points)
  })

  test('adding and removing other icons never moves an icon’s point', () => {
    const first = ids(1000)
    const before = assignCodePoints(first)
    // 500 newer icons added, 300 of the first removed.
    const after = assignCodePoints([...first.slice(300), ...ids(500, 5000)])
    for (const icon of first.slice(300)) expect(after.get(icon.id), icon.id).toBe(before.get(icon.id))
  })

  test('two ids on one point: the older keeps it, the newer takes the next free one', () => {
    // Find two ids whose preferred points are equal.
    const seen = new Map<number, string>()
    let pair: [string, string] | null = null
    for (let i = 0; !pair; i++) {
      const id = `collide-${i}`
      const point = preferredCodePoint(id)
      const other = seen.get(point)
      if (other) pair = [other, id]
      else seen.set(point, id)
    }
    const [a, b] = pair
    const point = preferredCodePoint(a)
    const older = { id: b, created_at: '2026-01-01T00:00:00Z' }
    const newer = { id: a, created_at: '2026-02-01T00:00:00Z' }
    const both = assignCodePoints([newer, older])
    expect(both.get(b)).toBe(point)
    expect(both.get(a)).toBe(point === 0xffffd ? 0xf0000 : point + 1)
    // The older alone, or with the newer: the same point.
    expect(assignCodePoints([older]).get(b)).toBe(point)
  })

  test('kept points stay, and reserve their point even for an icon no longer in the set', () => {
    const [gone, stays, fresh] = ids(3)
    // The gone icon holds the fresh one's preferred point: the fresh one takes the next free point.
    const kept = new Map([
      [gone!.id, preferredCodePoint(fresh!.id)],
      [stays!.id, CODE_POINT_FIRST + 9],
    ])
    const points = assignCodePoints([stays!, fresh!], kept)
    expect(points.get(stays!.id)).toBe(CODE_POINT_FIRST + 9)
    expect(points.get(fresh!.id)).not.toBe(preferredCodePoint(fresh!.id))
    expect(points.has(gone!.id)).toBe(false)
    // With every point taken, no icon can be given one.
    const full = new Map(Array.from({ length: CODE_POINT_COUNT }, (_, i) => [`k${i}`, CODE_POINT_FIRST + i]))
    expect(() => assignCodePoints([fresh!], full)).toThrow(NoFreeCodePoint)
  })
})
