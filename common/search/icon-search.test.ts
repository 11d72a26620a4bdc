import { describe, expect, test } from 'vitest'
import { createIconSearch, type SearchDoc } from './icon-search.ts'
import { MAX_QUERY_WORDS } from './limits.ts'
import shipped from './synonyms.json' with { type: 'json' }
import { wordsOf } from './words.ts'

const docs: SearchDoc[] = [
  { id: '1', name: 'settings' },
  { id: '2', name: 'trash', aliases: ['bin-old'] },
  { id: '3', name: 'house', aliases: ['home'] },
  { id: '4', name: 'star', tags: ['favourite', 'rating'] },
  { id: '5', name: 'ic_alert', label: 'Warning sign' },
  { id: '6', name: 'arrow-right' },
  { id: '7', name: 'sparrows' },
  { id: '8', name: 'arrow-left', tags: ['back'] },
  { id: '9', name: 'settings-2' },
]
const search = createIconSearch(docs, shipped)
const names = (q: string) => search.search(q).map((h) => h.name)
const hit = (q: string, name: string) => search.search(q).find((h) => h.name === name)

describe('search by meaning', () => {
  test('a synonym from the shipped list finds the icon and says so', () => {
    expect(hit('cog', 'settings')?.matched).toBe('synonym of cog')
    expect(hit('garbage', 'trash')?.matched).toBe('synonym of garbage')
    // a plural folds to its singular's synonyms
    expect(hit('cogs', 'settings')?.matched).toBe('synonym of cogs')
    expect(names('cog')).not.toContain('star')
  })

  test('a former name (alias) finds the icon and names the alias', () => {
    expect(hit('home', 'house')).toMatchObject({ id: '3', matched: 'alias home' })
    expect(hit('bin-old', 'trash')?.matched).toBe('alias bin-old')
  })

  test('a tag and a label find the icon and say which', () => {
    expect(hit('favourite', 'star')?.matched).toBe('tag favourite')
    expect(hit('rat', 'star')?.matched).toBe('tag rating') // a word start, as typed
    expect(hit('warning', 'ic_alert')?.matched).toBe('label')
  })

  test('a typo of one letter still finds a word of four letters or more, not a short one', () => {
    expect(hit('setings', 'settings')?.matched).toBe('close to setings')
    expect(hit('arow', 'arrow-right')?.matched).toBe('close to arow')
    expect(names('stor')).toContain('star')
    expect(names('sta')).toEqual(['star'])
    expect(names('xyzzy')).toEqual([])
  })

  test('fewer typos rank first, however rare the other words are in the project', () => {
    // Many calendars make "calendar" a common word (a low weight); cylinder and blender are rare.
    const set = createIconSearch(
      [
        ...['calendar', 'calendar-check', 'calendar-x', 'calendar-plus', 'calendar-days'].map((name, i) => ({
          id: `c${i}`,
          name,
        })),
        { id: 'y', name: 'cylinder' },
        { id: 'b', name: 'blender' },
      ],
      shipped,
    )
    const found = set.search('calender')
    expect(found.slice(0, 5).map((h) => h.name)).toEqual([
      'calendar',
      'calendar-check',
      'calendar-days',
      'calendar-plus',
      'calendar-x',
    ])
    expect(
      found
        .map((h) => h.name)
        .slice(5)
        .sort(),
    ).toEqual(['blender', 'cylinder'])
    expect(found[0]?.matched).toBe('close to calender')
  })

  test('every word must match; names that hold the query as text are still found, ranked last', () => {
    expect(names('arrow right')).toEqual(['arrow-right'])
    expect(names('arrow back')).toEqual(['arrow-left'])
    const arrow = names('arrow')
    expect(arrow.slice(0, 2).sort()).toEqual(['arrow-left', 'arrow-right'])
    expect(arrow.at(-1)).toBe('sparrows')
    expect(hit('arrow', 'sparrows')).toMatchObject({ matched: 'name', score: 0.01 })
  })

  test('ranked: the name itself first, the exact name above a longer one, a synonym below both', () => {
    const both = createIconSearch([...docs, { id: '10', name: 'cog-wheel' }], shipped)
    const ranked = both.search('cog').map((h) => h.name)
    expect(ranked[0]).toBe('cog-wheel')
    expect(ranked).toEqual(expect.arrayContaining(['settings', 'settings-2']))
    expect(names('settings')).toEqual(['settings', 'settings-2'])
    const scores = search.search('settings').map((h) => h.score)
    expect(scores[0]).toBeGreaterThan(scores[1]!)
  })

  test('the same query over the same icons answers the same, in any order of the icons', () => {
    const reversed = createIconSearch([...docs].reverse(), shipped)
    for (const q of ['cog', 'arrow', 'home', 'sta', 'trash'])
      expect(reversed.search(q)).toEqual(search.search(q))
  })

  test('an empty query or one of punctuation finds nothing (the vault then shows all)', () => {
    expect(search.search('')).toEqual([])
    expect(search.search(' -_ ')).toEqual([])
  })
})

describe('bounded work and updates in place (ADR 0108)', () => {
  const counted = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
  const many = createIconSearch([...docs, { id: '20', name: counted.join('-') }], shipped)

  test(`a query searches its first ${MAX_QUERY_WORDS} distinct words; the words after them are not searched`, () => {
    expect(counted).toHaveLength(MAX_QUERY_WORDS)
    const found = (q: string) => many.search(q).map((h) => h.id)
    expect(found(counted.join(' '))).toEqual(['20'])
    // an eleventh word that matches nothing: not searched, the icon is still found
    expect(found(`${counted.join(' ')} xyzzy`)).toEqual(['20'])
    // repeated words count once: the eleventh distinct word is still xyzzy
    expect(found(`one one two two ${counted.join(' ')} xyzzy`)).toEqual(['20'])
    // among the first ten, the same word rules the icon out
    expect(found(`xyzzy ${counted.join(' ')}`)).toEqual([])
  })

  test('a limit answers the first hits of the same list', () => {
    for (const q of ['arrow', 'settings', 'a', 'cog'])
      for (const limit of [1, 2, 5]) expect(search.search(q, limit)).toEqual(search.search(q).slice(0, limit))
  })

  test('update brings the index to new icons, answering as an index built for them', () => {
    const changed: SearchDoc[] = [
      ...docs
        .filter((d) => d.id !== '2') // trash deleted
        .map((d) => (d.id === '1' ? { ...d, name: 'gear' } : d)) // settings renamed
        .map((d) => (d.id === '4' ? { ...d, tags: ['favourite'] } : d)), // a tag gone
      { id: '11', name: 'arrow-up', tags: ['north'] },
      { id: '12', name: 'aardvark' },
    ]
    const updated = createIconSearch(docs, shipped)
    updated.update(changed)
    const fresh = createIconSearch([...changed].reverse(), shipped)
    expect(updated.size).toBe(changed.length)
    for (const q of [
      'cog',
      'gear',
      'trash',
      'arrow',
      'rating',
      'favourite',
      'north',
      'a',
      'settings',
      'home',
    ])
      expect(updated.search(q)).toEqual(fresh.search(q))
    // every icon renamed at once answers the same too
    const renamed = changed.map((d) => ({ ...d, name: `${d.name}-2` }))
    updated.update(renamed)
    const fresh2 = createIconSearch(renamed, shipped)
    for (const q of ['arrow', 'gear', 'a', '2']) expect(updated.search(q)).toEqual(fresh2.search(q))
  })
})

describe('wordsOf', () => {
  test('splits names as people write them, accents and case folded', () => {
    expect(wordsOf('arrowLeft2')).toEqual(['arrow', 'left', '2'])
    expect(wordsOf('ic_Élan-bold h1')).toEqual(['ic', 'elan', 'bold', 'h', '1'])
  })
})
