import { createIconSearch } from '@common/search/icon-search.ts'
import synonyms from '@common/search/synonyms.json'
import { describe, expect, test } from 'vitest'
import { iconRow } from '../../../tests/setup/icon-row.ts'
import { headOf, type IconHead } from '../../data/icon-heads.ts'
import type { LocalIcon } from '../../local/db.ts'
import {
  aliasMatch,
  iconCount,
  matcher,
  matchNote,
  type Ranked,
  shownSort,
  sortChoices,
  statusCounts,
  viewIcons,
} from './vault-view.ts'

const row = (name: string, created: number, status: LocalIcon['icon_status'] = 'approved'): LocalIcon =>
  iconRow({
    id: `id-${name}`,
    name,
    icon_status: status,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created).toISOString(),
  })
const icon = (name: string, created: number, status: LocalIcon['icon_status'] = 'approved'): IconHead =>
  headOf(row(name, created, status))

const icons = [
  icon('arrow-right', 3),
  icon('Arrow 10', 1, 'needs-review'),
  icon('arrow 2', 2),
  icon('Élan', 4),
]
const names = (list: IconHead[]) => list.map((i) => i.name)

describe('viewIcons', () => {
  test('"Duplicates" shows the groups, the same drawing first, each icon once, searched too', () => {
    const groups = {
      exact: [['id-Élan', 'id-arrow 2']],
      near: [['id-Élan', 'id-arrow 2', 'id-arrow-right']],
    }
    const view = { query: '', status: 'duplicates', sort: 'name' } as const
    expect(names(viewIcons(icons, view, null, groups))).toEqual(['Élan', 'arrow 2', 'arrow-right'])
    expect(names(viewIcons(icons, { ...view, query: 'arrow' }, null, groups))).toEqual([
      'arrow 2',
      'arrow-right',
    ])
    expect(viewIcons(icons, view, null, null)).toEqual([])
  })

  test('sorts by name naturally and case-insensitively', () => {
    expect(names(viewIcons(icons, { query: '', status: 'all', sort: 'name' }))).toEqual([
      'arrow 2',
      'Arrow 10',
      'arrow-right',
      'Élan',
    ])
  })

  test('sorts by date, newest or oldest first', () => {
    expect(names(viewIcons(icons, { query: '', status: 'all', sort: 'newest' }))).toEqual([
      'Élan',
      'arrow-right',
      'arrow 2',
      'Arrow 10',
    ])
    expect(names(viewIcons(icons, { query: '', status: 'all', sort: 'oldest' }))[0]).toBe('Arrow 10')
  })

  test('sorts by name Z–A and by size (markup bytes), ties by name', () => {
    expect(names(viewIcons(icons, { query: '', status: 'all', sort: 'name-desc' }))).toEqual([
      'Élan',
      'arrow-right',
      'Arrow 10',
      'arrow 2',
    ])
    const sized = [
      headOf({ ...row('b', 1), svg: '<svg><path d="M0 0h24"/></svg>' }),
      headOf({ ...row('a', 2), svg: '<svg/>' }),
      headOf({ ...row('c', 3), svg: '<svg><path d="M0 0h2"/></svg>' }),
      headOf({ ...row('é', 4), svg: '<svg><path d="M0 0h2"/></svg>' }),
    ]
    expect(names(viewIcons(sized, { query: '', status: 'all', sort: 'largest' }))).toEqual([
      'b',
      'c',
      'é',
      'a',
    ])
    expect(names(viewIcons(sized, { query: '', status: 'all', sort: 'smallest' }))).toEqual([
      'a',
      'c',
      'é',
      'b',
    ])
  })

  test('filters by status and searches every word, ignoring case, accents and separators', () => {
    expect(names(viewIcons(icons, { query: '', status: 'needs-review', sort: 'name' }))).toEqual(['Arrow 10'])
    expect(names(viewIcons(icons, { query: 'RIGHT arr', status: 'all', sort: 'name' }))).toEqual([
      'arrow-right',
    ])
    expect(names(viewIcons(icons, { query: 'elan', status: 'approved', sort: 'name' }))).toEqual(['Élan'])
    expect(matcher('  ')('anything')).toBe(true)
  })

  test('finds an icon by an alias (a former name) and says which one', () => {
    const alias = (name: string) => ({
      name,
      deprecated: true,
      reason: 'renamed' as const,
      remove_in: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    const house = { ...icon('house', 5), aliases: [alias('home'), alias('casa')] }
    const list = [...icons, house]
    expect(names(viewIcons(list, { query: 'home', status: 'all', sort: 'name' }))).toEqual(['house'])
    expect(names(viewIcons(list, { query: 'CASA', status: 'approved', sort: 'name' }))).toEqual(['house'])
    expect(names(viewIcons(list, { query: 'casa', status: 'needs-review', sort: 'name' }))).toEqual([])
    expect(aliasMatch(house, 'home')).toBe('home')
    expect(aliasMatch(house, 'cas')).toBe('casa')
    // Found by its own name, or no search: nothing to explain.
    expect(aliasMatch(house, 'hou')).toBeNull()
    expect(aliasMatch(house, '')).toBeNull()
    expect(aliasMatch(icons[0]!, 'home')).toBeNull()
  })

  test('Best match: the hits of the search in its order, each saying why; plain name matching until it answers', () => {
    const list = [
      ...icons,
      { ...icon('settings', 6), tags: ['admin'] },
      { ...icon('cog-outline', 7), icon_status: 'needs-review' as const },
    ]
    const ranked = (query: string): Ranked => {
      const hits = createIconSearch(
        list.map((i) => ({ id: i.id, name: i.name, tags: i.tags })),
        synonyms,
      ).search(query)
      return { query, hits: new Map(hits.map((h) => [h.id, h])) }
    }
    const cog = ranked('cog')
    const view = { query: 'cog', status: 'all' as const, sort: 'relevance' as const }
    expect(names(viewIcons(list, view, cog))).toEqual(['cog-outline', 'settings'])
    expect(names(viewIcons(list, { ...view, status: 'approved' }, cog))).toEqual(['settings'])
    expect(names(viewIcons(list, { ...view, sort: 'name-desc' }, cog))).toEqual(['settings', 'cog-outline'])
    expect(matchNote(list[4]!, 'cog', cog)).toBe('synonym of cog')
    expect(matchNote(list[5]!, 'cog', cog)).toBeNull() // found by its name
    expect(matchNote(list[4]!, 'admin', ranked('admin'))).toBe('tag admin')
    // An answer for another query (the worker has not caught up): names that hold the text.
    expect(names(viewIcons(list, view, ranked('set')))).toEqual(['cog-outline'])
    expect(matchNote(list[4]!, 'cog', ranked('set'))).toBeNull()
    // No query: Best match is by name.
    expect(names(viewIcons(icons, { query: '', status: 'all', sort: 'relevance' }, cog))).toEqual([
      'arrow 2',
      'Arrow 10',
      'arrow-right',
      'Élan',
    ])
  })

  test('the sort menu offers and shows "Best match" only while there is a query', () => {
    expect(sortChoices('')).not.toContain('relevance')
    expect(sortChoices('   ')).not.toContain('relevance')
    expect(sortChoices('cog')[0]).toBe('relevance')
    expect(shownSort({ query: '', sort: 'relevance' })).toBe('name')
    expect(shownSort({ query: 'cog', sort: 'relevance' })).toBe('relevance')
    expect(shownSort({ query: '', sort: 'newest' })).toBe('newest')
  })

  test('does not change the list it is given', () => {
    const before = names(icons)
    viewIcons(icons, { query: '', status: 'all', sort: 'name' })
    expect(names(icons)).toEqual(before)
  })
})

test('statusCounts and iconCount', () => {
  expect(statusCounts(icons)).toEqual({ all: 4, approved: 3, 'needs-review': 1 })
  expect(iconCount(1)).toBe('1 icon')
  expect(iconCount(10000)).toBe('10,000 icons')
})
