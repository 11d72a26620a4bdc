import { describe, expect, test } from 'vitest'
import {
  compareVersions,
  nextVersion,
  parseVersion,
  releaseBump,
  releaseChanges,
  suggestVersion,
} from './release-version.ts'
import type { IconAlias, ReleasedIcon } from './schemas/rows.ts'

const alias = (name: string, more: Partial<IconAlias> = {}): IconAlias => ({
  name,
  deprecated: true,
  reason: 'renamed',
  remove_in: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...more,
})
const icon = (id: string, name: string, hash = `h-${id}`, aliases: IconAlias[] = []): ReleasedIcon => ({
  id,
  name,
  svg: `<svg>${hash}</svg>`,
  hash,
  icon_status: 'approved',
  aliases,
})
const v1 = [icon('1', 'home'), icon('2', 'star')]
const suggest = (after: ReleasedIcon[], before = v1, previous = '1.4.2') =>
  suggestVersion(previous, releaseChanges(before, after), after)

describe('semantic versions', () => {
  test('x.y.z only, compared as numbers', () => {
    expect(parseVersion('1.10.0')).toEqual([1, 10, 0])
    for (const bad of ['1.0', '1.0.0-beta', 'v1.0.0', '01.0.0', '1.0.0.0', '', ' 1.0.0'])
      expect(parseVersion(bad), bad).toBeNull()
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0)
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0)
    expect(nextVersion(null, 'patch')).toBe('1.0.0')
    expect(nextVersion('1.4.2', 'major')).toBe('2.0.0')
    expect(nextVersion('1.4.2', 'minor')).toBe('1.5.0')
    expect(nextVersion('1.4.2', 'patch')).toBe('1.4.3')
  })
})

describe('the bump rules', () => {
  test('the first release is 1.0.0 with everything added', () => {
    const changes = releaseChanges(null, v1)
    expect(changes.added.map((a) => a.name)).toEqual(['home', 'star'])
    expect(suggestVersion(null, changes, v1)).toBe('1.0.0')
  })

  test('nothing changed: no version', () => {
    expect(suggest(v1)).toBeNull()
  })

  test('a drawing change is a patch, with before and after markup', () => {
    const after = [icon('1', 'home', 'new'), icon('2', 'star')]
    expect(releaseChanges(v1, after).changed).toEqual([
      { id: '1', name: 'home', before: '<svg>h-1</svg>', after: '<svg>new</svg>' },
    ])
    expect(suggest(after)).toBe('1.4.3')
  })

  test('an addition is minor', () => {
    expect(suggest([...v1, icon('3', 'moon')])).toBe('1.5.0')
  })

  test('a rename keeping the old name as a deprecated alias is minor (renamed and deprecated)', () => {
    const after = [icon('1', 'house', 'h-1', [alias('home', { remove_in: '2.0.0' })]), icon('2', 'star')]
    const changes = releaseChanges(v1, after)
    expect(changes.renamed).toEqual([{ id: '1', from: 'home', to: 'house' }])
    expect(changes.deprecated).toEqual([
      { icon_id: '1', name: 'home', reason: 'renamed', remove_in: '2.0.0' },
    ])
    expect(releaseBump(changes, after)).toBe('minor')
    expect(suggest(after)).toBe('1.5.0')
  })

  test('a rename without the old name kept breaks imports: major', () => {
    expect(suggest([icon('1', 'house'), icon('2', 'star')])).toBe('2.0.0')
  })

  test('a new alias is minor, a newly deprecated one too', () => {
    const added = [
      icon('1', 'home', 'h-1', [alias('house', { deprecated: false, reason: null })]),
      icon('2', 'star'),
    ]
    expect(releaseChanges(v1, added).aliases_added).toEqual([{ icon_id: '1', name: 'house' }])
    expect(suggest(added)).toBe('1.5.0')
    const deprecated = [icon('1', 'home', 'h-1', [alias('house')]), icon('2', 'star')]
    expect(suggest(deprecated, added)).toBe('1.5.0')
    expect(suggest(deprecated, deprecated)).toBeNull()
  })

  test('removing an icon or an alias is major', () => {
    expect(suggest([icon('1', 'home')])).toBe('2.0.0')
    const withAlias = [icon('1', 'house', 'h-1', [alias('home')]), icon('2', 'star')]
    const without = [icon('1', 'house'), icon('2', 'star')]
    const changes = releaseChanges(withAlias, without)
    expect(changes.aliases_removed).toEqual([{ icon_id: '1', name: 'home' }])
    expect(suggest(without, withAlias)).toBe('2.0.0')
  })

  test('the biggest change wins', () => {
    const after = [icon('1', 'home', 'new'), icon('3', 'moon')]
    const changes = releaseChanges(v1, after)
    expect(changes.removed).toEqual([{ id: '2', name: 'star' }])
    expect(changes.added).toEqual([{ id: '3', name: 'moon' }])
    expect(releaseBump(changes, after)).toBe('major')
  })
})
