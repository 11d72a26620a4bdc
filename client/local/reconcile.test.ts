import { describe, expect, test } from 'vitest'
import { isNewer, mergeRow, sameRow } from './reconcile.ts'

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const row = (id: string, name: string, minute = 0) => ({ id, name, updated_at: at(minute) })

describe('mergeRow: one row arrives from the server', () => {
  test('a pending local change keeps the local version, whatever arrives', () => {
    expect(mergeRow(row('a', 'local', 1), row('a', 'server', 9), true)).toBe('keep')
    expect(mergeRow(row('a', 'local'), null, true)).toBe('keep')
    expect(mergeRow(undefined, row('a', 'server'), true)).toBe('keep')
  })

  test('without a pending change the server wins', () => {
    expect(mergeRow(row('a', 'local', 1), row('a', 'server', 2), false)).toBe('put')
    expect(mergeRow(undefined, row('a', 'server'), false)).toBe('put')
    expect(mergeRow(row('a', 'local'), null, false)).toBe('delete')
  })

  test('the same version again is written (it is identical)', () => {
    expect(mergeRow(row('a', 'x', 3), row('a', 'x', 3), false)).toBe('put')
  })

  test('an older server version than the one held is ignored (events overtaking each other)', () => {
    expect(mergeRow(row('a', 'newer', 5), row('a', 'older', 4), false)).toBe('keep')
  })

  test('deleting something already absent changes nothing', () => {
    expect(mergeRow(undefined, null, false)).toBe('keep')
  })

  test('rows without updated_at (access rows) always take the server version', () => {
    expect(mergeRow({ id: 'a' }, { id: 'a' }, false)).toBe('put')
    expect(isNewer({ id: 'a' }, { id: 'a', updated_at: at(1) })).toBe(false)
  })
})

test('sameRow compares the fields shallowly', () => {
  expect(sameRow({ id: 'a', n: 1 }, { id: 'a', n: 1 })).toBe(true)
  expect(sameRow({ id: 'a', n: 1 }, { id: 'a', n: 2 })).toBe(false)
  expect(sameRow({ id: 'a' }, { id: 'a', n: 1 })).toBe(false)
  expect(sameRow(undefined, { id: 'a' })).toBe(false)
  // An icon's aliases are a new array on every read: equal by content, not identity.
  const alias = { name: 'home', deprecated: true, reason: 'renamed', remove_in: null, created_at: 't' }
  expect(sameRow({ id: 'a', aliases: [alias] }, { id: 'a', aliases: [{ ...alias }] })).toBe(true)
  expect(sameRow({ id: 'a', aliases: [] }, { id: 'a', aliases: [] })).toBe(true)
  expect(
    sameRow({ id: 'a', aliases: [alias] }, { id: 'a', aliases: [{ ...alias, remove_in: '3.0.0' }] }),
  ).toBe(false)
  expect(sameRow({ id: 'a', aliases: null }, { id: 'a', aliases: [] })).toBe(false)
})
