import { describe, expect, test } from 'vitest'
import { isNewer, mergeRow, sameRow } from './reconcile.ts'

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
/** A project-like row: `version` is its scope's version of its last change; `minute` its clock stamp. */
const row = (id: string, name: string, version = 0, minute = 0) => ({
  id,
  name,
  version,
  updated_at: at(minute),
})
/** An icon-like row: its own revision, then its scope's version. */
const icon = (revision: number, version: number, name = `r${revision}v${version}`) => ({
  id: 'i',
  name,
  revision,
  version,
})

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

  test('versions decide, never the clock of the process that wrote the row', () => {
    // Written by a process whose clock runs 10 minutes ahead, then by one on time: the later write
    // has the higher version and the earlier clock stamp.
    const early = row('a', 'first write', 4, 15)
    const late = row('a', 'second write', 5, 6)
    expect(isNewer(late, early)).toBe(true)
    expect(isNewer(early, late)).toBe(false)
    expect(mergeRow(early, late, false)).toBe('put')
    expect(mergeRow(late, early, false)).toBe('keep')
  })

  test('icons compare by revision first: a move to another scope restarts no order', () => {
    // Moved to a personal project: a higher revision, a lower version (another scope's counter).
    expect(isNewer(icon(3, 7), icon(2, 90))).toBe(true)
    expect(mergeRow(icon(3, 7), icon(2, 90), false)).toBe('keep')
    expect(mergeRow(icon(2, 90), icon(3, 7), false)).toBe('put')
    // A change that is no version of the icon (its meaning, an alias): the same revision, a higher version.
    expect(mergeRow(icon(3, 8), icon(3, 7), false)).toBe('keep')
    expect(mergeRow(icon(3, 7), icon(3, 8), false)).toBe('put')
  })

  test('deleting something already absent changes nothing', () => {
    expect(mergeRow(undefined, null, false)).toBe('keep')
  })

  test('rows without a version (made here, or stored before rows carried one) take the server version', () => {
    expect(mergeRow({ id: 'a' }, { id: 'a' }, false)).toBe('put')
    expect(isNewer({ id: 'a' }, { id: 'a', version: 1 })).toBe(false)
    expect(isNewer({ id: 'a', version: 2 }, { id: 'a' })).toBe(false)
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
