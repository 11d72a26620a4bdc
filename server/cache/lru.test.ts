// The one bounded store (lru.ts, ADR 0034): least recently used out first, past its entries and past
// its weight; an oversized value kept alone only when asked; reweigh after a value grew in place.
import { describe, expect, it } from 'vitest'
import { Lru } from './lru.ts'

describe('Lru', () => {
  it('keeps at most maxEntries, the least recently used out first', () => {
    const evicted: string[] = []
    const lru = new Lru<string, number>({ name: 'test', maxEntries: 3, onEvict: (key) => evicted.push(key) })
    for (const [i, key] of ['a', 'b', 'c'].entries()) lru.set(key, i)
    expect(lru.get('a')).toBe(0) // a is now the most recently used
    expect(lru.peek('b')).toBe(1) // a peek does not change the order
    lru.set('d', 3)
    expect([...lru.entries()].map(([k]) => k)).toEqual(['c', 'a', 'd'])
    expect(evicted).toEqual(['b'])
    for (let i = 0; i < 1000; i++) lru.set(`k${i}`, i)
    expect(lru.size).toBe(3)
  })

  it('keeps at most maxWeight, and never a value that alone is over it', () => {
    const lru = new Lru<string, string>({
      name: 'test',
      maxEntries: 100,
      maxWeight: 10,
      weigh: (v) => v.length,
    })
    lru.set('a', 'xxxx')
    lru.set('b', 'xxxx')
    lru.set('c', 'xxxx')
    expect([...lru.entries()].map(([k]) => k)).toEqual(['b', 'c'])
    expect(lru.weight).toBe(8)
    expect(lru.set('huge', 'x'.repeat(11))).toBe(false)
    expect([...lru.entries()].map(([k]) => k)).toEqual(['b', 'c'])
    for (let i = 0; i < 500; i++) {
      lru.set(`k${i}`, 'x'.repeat(i % 7))
      expect(lru.weight).toBeLessThanOrEqual(10)
    }
    lru.delete('k499')
    lru.clear()
    expect([lru.size, lru.weight]).toEqual([0, 0])
  })

  it('keeps an oversized value alone when asked, and counts a value again after it grew', () => {
    const sizes = new Map<string, number>()
    const lru = new Lru<string, string>({
      name: 'test',
      maxEntries: 10,
      maxWeight: 100,
      weigh: (_, key) => sizes.get(key) ?? 0,
      keepOversized: true,
    })
    sizes.set('a', 40).set('b', 40)
    lru.set('a', 'A')
    lru.set('b', 'B')
    sizes.set('b', 90)
    lru.reweigh('b')
    expect([...lru.entries()].map(([k]) => k)).toEqual(['b'])
    sizes.set('big', 500)
    expect(lru.set('big', 'BIG')).toBe(true)
    expect([...lru.entries()].map(([k]) => k)).toEqual(['big'])
    expect(lru.weight).toBe(500)
  })

  it('deletes what a predicate picks', () => {
    const lru = new Lru<string, number>({ name: 'test', maxEntries: 10 })
    for (let i = 0; i < 6; i++) lru.set(`k${i}`, i)
    lru.deleteWhere((v) => v % 2 === 0)
    expect([...lru.values()]).toEqual([1, 3, 5])
  })
})
