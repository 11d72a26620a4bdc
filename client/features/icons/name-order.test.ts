// The name keys against the collator they stand in for: every pair of thousands of random names of
// the simple alphabet (letters of both cases, digit runs with leading zeros, spaces, `_`, `-`, `.`)
// orders the same, and sortByName gives exactly compareByName's order, simple names or not.

import { nameKey } from '@common/name-order.ts'
import { namesFromParts } from '@common/svg/test-support/random.ts'
import { describe, expect, it } from 'vitest'
import { compareByName, keysInUse, sortByName } from './name-order.ts'

const PARTS = [
  'a',
  'B',
  'c',
  'ch',
  'h',
  'i',
  'aa',
  'z',
  'Y',
  'arrow',
  'Arrow',
  'icon',
  ' ',
  '_',
  '-',
  '.',
  '0',
  '00',
  '1',
  '2',
  '9',
  '10',
  '010',
  '99',
  '100',
]

const names = (count: number, seed: number) => namesFromParts(PARTS, count, seed)

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0)
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

describe('name order', () => {
  it('orders every pair of simple names as the collator does', () => {
    const all = names(700, 7)
    const disagree: string[] = []
    for (const a of all)
      for (const b of all) {
        const x = nameKey(a)!
        const y = nameKey(b)!
        if ((x < y ? -1 : x > y ? 1 : 0) !== sign(collator.compare(a, b)))
          disagree.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`)
      }
    expect(disagree).toEqual([])
    // This page's collation (English here) lets the keys stand in, so sortByName below takes them.
    expect(keysInUse()).toBe(true)
  })

  it('sorts as compareByName, ascending and descending, ties by id, whatever the names', () => {
    for (const seed of [1, 2, 3]) {
      const simple = names(3000, seed).map((name, i) => ({ name, id: `id-${(i * 7919) % 3000}` }))
      // Names outside the simple alphabet take the collator for the whole list.
      const mixed = [...simple.slice(0, 500), { name: 'Ärger', id: 'x1' }, { name: 'café 2', id: 'x2' }]
      for (const rows of [simple, mixed]) {
        expect(sortByName([...rows])).toEqual([...rows].sort(compareByName))
        expect(sortByName([...rows], true)).toEqual([...rows].sort((a, b) => compareByName(b, a)))
      }
    }
  })

  it('has no key for names outside the simple alphabet', () => {
    for (const name of ['café', 'Ärger', 'a/b', 'a+b', 'a(1)', '日本', 'tab\there'])
      expect(nameKey(name)).toBeNull()
    expect(nameKey('Icon-007 b')).toBe(nameKey('icon-7 B'))
  })
})
