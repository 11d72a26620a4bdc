import { RangeSet } from 'dexie'
import { describe, expect, it } from 'vitest'
import { changedKeys, tablePart } from './changed-keys.ts'

const part = tablePart('Iconvault', 'icons')

describe('changedKeys', () => {
  it('lists every key of a set of single keys, also after a structured clone (another tab)', () => {
    const keys = Array.from({ length: 300 }, (_, i) => `id-${i}`)
    const set = new RangeSet().addKeys(keys)
    expect(changedKeys({ [part]: set }, 'Iconvault', 'icons')?.sort()).toEqual([...keys].sort())
    const cloned = structuredClone({ [part]: set }) as Record<string, unknown>
    expect(changedKeys(cloned, 'Iconvault', 'icons')?.sort()).toEqual([...keys].sort())
  })

  it('answers null for a range (a large write or a range delete)', () => {
    expect(changedKeys({ [part]: new RangeSet('a', 'z') }, 'Iconvault', 'icons')).toBeNull()
    const mixed = new RangeSet().addKeys(['a', 'b'])
    mixed.add(new RangeSet('m', 'p'))
    expect(changedKeys({ [part]: mixed }, 'Iconvault', 'icons')).toBeNull()
  })

  it('answers null past the limit', () => {
    const set = new RangeSet().addKeys(['a', 'b', 'c'])
    expect(changedKeys({ [part]: set }, 'Iconvault', 'icons', 2)).toBeNull()
  })

  it('answers [] when the table did not change, and for an empty set', () => {
    expect(
      changedKeys({ 'idb://Iconvault/projects/': new RangeSet().addKey('p') }, 'Iconvault', 'icons'),
    ).toEqual([])
    expect(changedKeys({ [part]: new RangeSet() }, 'Iconvault', 'icons')).toEqual([])
  })

  it('answers null when only another part of the table is named (be safe: re-read)', () => {
    expect(
      changedKeys({ [`${part}project_id`]: new RangeSet().addKey('x') }, 'Iconvault', 'icons'),
    ).toBeNull()
  })
})
