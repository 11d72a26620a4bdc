import { describe, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import type { LocalIcon } from '../local/db.ts'
import { IconListState } from './icon-list-state.ts'

const icon = (id: string, name = id, project_id = 'p'): LocalIcon => iconRow({ id, name, project_id })
const ids = (list: { id: string }[] | undefined) => list?.map((i) => i.id).sort()

describe('IconListState', () => {
  it('answers undefined until the database answered, then even an empty list', () => {
    const state = new IconListState('p')
    expect(state.value).toBeUndefined()
    expect(state.replaceAll([])).toBe(true)
    expect(state.value).toEqual([])
  })

  it('shows a fetched list at once, and keeps its rows when the database confirms them', () => {
    const state = new IconListState('p')
    state.replaceAll([])
    const fetched = [icon('a'), icon('b')]
    expect(state.addFetched(fetched)).toBe(true)
    const shown = state.value
    expect(ids(shown)).toEqual(['a', 'b'])
    // The same rows read back from the database: nothing changes, not even the array.
    expect(state.update(['a', 'b'], [icon('a'), icon('b')])).toBe(false)
    expect(state.value).toBe(shown)
    expect(state.unconfirmed()).toEqual([])
  })

  it('never lets a fetched row hide what the database holds', () => {
    const state = new IconListState('p')
    state.replaceAll([icon('a', 'local name')])
    state.addFetched([icon('a', 'server name'), icon('b')])
    expect(state.value?.find((i) => i.id === 'a')?.name).toBe('local name')
    expect(ids(state.value)).toEqual(['a', 'b'])
  })

  it('drops a fetched row the database says is gone (e.g. deleted meanwhile)', () => {
    const state = new IconListState('p')
    state.replaceAll([])
    state.addFetched([icon('a'), icon('b')])
    expect(state.update(['a'], [undefined])).toBe(true)
    expect(ids(state.value)).toEqual(['b'])
    expect(state.unconfirmed()).toEqual(['b'])
  })

  it('a whole read replaces what was read before but keeps rows still only fetched', () => {
    const state = new IconListState('p')
    state.replaceAll([icon('old')])
    state.addFetched([icon('x')])
    state.replaceAll([icon('a')])
    expect(ids(state.value)).toEqual(['a', 'x'])
  })

  it('keeps unchanged rows as the same objects, and reports no change for an identical re-read', () => {
    const state = new IconListState('p')
    state.replaceAll([icon('a'), icon('b')])
    const shown = state.value
    const a = shown?.find((i) => i.id === 'a')
    expect(state.replaceAll([icon('a'), icon('b')])).toBe(false)
    expect(state.value).toBe(shown)
    expect(state.replaceAll([icon('a'), icon('b', 'renamed')])).toBe(true)
    expect(state.value?.find((i) => i.id === 'a')).toBe(a)
    expect(state.value?.find((i) => i.id === 'b')?.name).toBe('renamed')
  })

  it('drops a row moved to another project, and ignores rows of other projects', () => {
    const state = new IconListState('p')
    state.replaceAll([icon('a')])
    expect(state.update(['a'], [icon('a', 'a', 'q')])).toBe(true)
    expect(state.value).toEqual([])
    expect(state.addFetched([icon('z', 'z', 'q')])).toBe(false)
    expect(state.update(['y'], [icon('y', 'y', 'q')])).toBe(false)
  })

  it('holds heads: no markup, its size and hash; a new drawing at the same revision is a change', () => {
    const state = new IconListState('p')
    state.replaceAll([{ ...icon('a'), svg: '<svg><path d="M0 0h24"/></svg>' }])
    const [head] = state.value ?? []
    expect(head).not.toHaveProperty('svg')
    expect(head?.svg_bytes).toBe(30)
    expect(state.replaceAll([{ ...icon('a'), svg: '<svg><path d="M0 0h24"/></svg>' }])).toBe(false)
    expect(state.replaceAll([{ ...icon('a'), svg: '<svg><path d="M0 0h23"/></svg>' }])).toBe(true)
    expect(state.value?.[0]?.svg_hash).not.toBe(head?.svg_hash)
  })
})
