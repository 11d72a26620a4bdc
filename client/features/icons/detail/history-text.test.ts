import { describe, expect, test } from 'vitest'
import type { IconVersion } from '../../../data/icon-history.ts'
import { describeChange, relativeTime } from './history-text.ts'

const version = (
  n: number,
  name: string,
  change: IconVersion['change'],
  status: IconVersion['icon_status'] = 'approved',
): IconVersion => ({
  version: n,
  name,
  svg: '<svg/>',
  icon_status: status,
  user_id: 'u1',
  created_at: '2026-01-01T00:00:00.000Z',
  change,
})
const who = (id: string | null) => (id === 'u2' ? 'milo@example.com' : 'a former member')

describe('describeChange', () => {
  const v1 = version(1, 'home', { kind: 'created', fields: [] })

  test('creation, rename, new drawing, approval, move', () => {
    expect(describeChange(v1, undefined, who)).toBe('Created')
    const v2 = version(2, 'house', { kind: 'edited', fields: ['name'] })
    expect(describeChange(v2, v1, who)).toBe('Renamed home → house')
    expect(describeChange(version(3, 'house', { kind: 'edited', fields: ['svg'] }), v2, who)).toBe(
      'New drawing',
    )
    expect(describeChange(version(3, 'hut', { kind: 'edited', fields: ['name', 'svg'] }), v2, who)).toBe(
      'Renamed house → hut, new drawing',
    )
    expect(describeChange(version(3, 'house', { kind: 'edited', fields: ['icon_status'] }), v2, who)).toBe(
      'Approved',
    )
    expect(
      describeChange(
        version(3, 'house', { kind: 'edited', fields: ['icon_status'] }, 'needs-review'),
        v2,
        who,
      ),
    ).toBe('Sent back for review')
    expect(describeChange(version(3, 'house', { kind: 'moved', fields: ['project'] }), v2, who)).toBe(
      'Moved to another project',
    )
  })

  test('restore, replace and undelete', () => {
    const v2 = version(2, 'house', { kind: 'edited', fields: ['name'] })
    expect(
      describeChange(version(3, 'home', { kind: 'restored', fields: ['name'], from_revision: 1 }), v2, who),
    ).toBe('Restored from v1, renamed house → home')
    expect(describeChange(version(3, 'house', { kind: 'replaced', fields: ['svg'] }), v2, who)).toBe(
      'Replaced the drawing',
    )
    expect(describeChange(version(3, 'house', { kind: 'undeleted', fields: [] }), v2, who)).toBe('Undeleted')
  })

  test('a change made on an older base names whose version it replaced', () => {
    const v2 = version(2, 'house', { kind: 'edited', fields: ['name'] })
    const v3 = version(3, 'hut', {
      kind: 'edited',
      fields: ['name'],
      replaced: { revision: 2, user_id: 'u2' },
    })
    expect(describeChange(v3, v2, who)).toBe('Renamed house → hut (over v2 by milo@example.com)')
  })
})

test('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z')
  const ago = (s: number) => new Date(now - s * 1000).toISOString()
  expect(relativeTime(ago(5), now)).toBe('just now')
  expect(relativeTime(ago(-20), now)).toBe('just now')
  expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago')
  expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago')
  expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday')
  expect(relativeTime(ago(15 * 24 * 3600), now)).toBe('2 weeks ago')
  expect(relativeTime(ago(400 * 24 * 3600), now)).toBe('last year')
  expect(relativeTime('nonsense', now)).toBe('')
})
