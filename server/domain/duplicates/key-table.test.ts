import { describe, expect, it } from 'vitest'
import { KeyTable, NONE } from './key-table.ts'

/** The slots filed under a key, as the table walks them. */
const slotsOf = (table: KeyTable, key: number) => {
  const { next, slots } = table.chains()
  const out: number[] = []
  for (let entry = table.first(key); entry !== NONE; entry = next[entry]!) out.push(slots[entry]!)
  return out
}

describe('the key table of a copy of prints', () => {
  it('answers every slot filed under a key, the latest first, as a map of arrays would, past its growth', () => {
    const table = new KeyTable()
    const oracle = new Map<number, number[]>()
    const salt = 0x2b3b1 * 2 ** 35
    let seed = 7
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed
    }
    // 40,000 slots, ~6 keys each out of 60,000 (many shared): the table and its chains grow many times.
    for (let slot = 0; slot < 40_000; slot++)
      for (let k = 0; k < 6; k++) {
        const key = salt + (random() % 16) * 2 ** 31 + (random() % 3_750)
        table.add(key, slot)
        oracle.set(key, [slot, ...(oracle.get(key) ?? [])])
      }
    expect(table.size).toBe(oracle.size)
    for (const [key, slots] of oracle) expect(slotsOf(table, key)).toEqual(slots)
    expect(slotsOf(table, salt + 17 * 2 ** 31)).toEqual([])
  })

  it('tells keys apart by their tag and word, the salt being one per table', () => {
    const table = new KeyTable()
    const salt = 5 * 2 ** 35
    table.add(salt + 2 ** 31 + 9, 1)
    table.add(salt + 2 * 2 ** 31 + 9, 2)
    table.add(salt + 9, 3)
    expect(slotsOf(table, salt + 2 ** 31 + 9)).toEqual([1])
    expect(slotsOf(table, salt + 2 * 2 ** 31 + 9)).toEqual([2])
    expect(slotsOf(table, salt + 9)).toEqual([3])
    expect(slotsOf(table, salt + 10)).toEqual([])
  })
})
