import { describe, expect, test } from 'vitest'
import { clickSelect, EMPTY_SELECTION, pruneSelection, type Selection, selectAll } from './selection.ts'

const order = ['a', 'b', 'c', 'd', 'e']
const ids = (s: Selection) => [...s.ids].sort()
const plain = { shift: false, toggle: false }

describe('grid selection', () => {
  test('a click selects one icon and anchors there', () => {
    const s = clickSelect(EMPTY_SELECTION, order, 'c', plain)
    expect(ids(s)).toEqual(['c'])
    expect(s.anchor).toBe('c')
    expect(ids(clickSelect(s, order, 'a', plain))).toEqual(['a'])
  })

  test('shift-click selects the range from the anchor, either way', () => {
    const s = clickSelect(EMPTY_SELECTION, order, 'b', plain)
    expect(ids(clickSelect(s, order, 'd', { shift: true, toggle: false }))).toEqual(['b', 'c', 'd'])
    const back = clickSelect(clickSelect(s, order, 'd', { shift: true, toggle: false }), order, 'a', {
      shift: true,
      toggle: false,
    })
    expect(ids(back)).toEqual(['a', 'b'])
  })

  test('ctrl/cmd-click toggles and moves the anchor; ctrl+shift adds a range', () => {
    let s = clickSelect(EMPTY_SELECTION, order, 'a', plain)
    s = clickSelect(s, order, 'c', { shift: false, toggle: true })
    expect(ids(s)).toEqual(['a', 'c'])
    s = clickSelect(s, order, 'e', { shift: true, toggle: true })
    expect(ids(s)).toEqual(['a', 'c', 'd', 'e'])
    s = clickSelect(s, order, 'a', { shift: false, toggle: true })
    expect(ids(s)).toEqual(['c', 'd', 'e'])
  })

  test('shift-click without an anchor selects just that icon', () => {
    expect(ids(clickSelect(EMPTY_SELECTION, order, 'd', { shift: true, toggle: false }))).toEqual(['d'])
  })

  test('select all, and pruning what is no longer shown', () => {
    const all = selectAll(order)
    expect(ids(all)).toEqual(order)
    const pruned = pruneSelection(all, ['b', 'd'])
    expect(ids(pruned)).toEqual(['b', 'd'])
    expect(pruned.anchor).toBeNull()
    expect(pruneSelection(pruned, ['b', 'd'])).toBe(pruned)
  })
})
