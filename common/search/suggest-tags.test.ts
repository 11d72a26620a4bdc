import { describe, expect, test } from 'vitest'
import { libraryTags, tagsFromName } from './suggest-tags.ts'

describe('suggested tags', () => {
  test("a file's name gives its meaningful words, not sizes, styles or 'icon'", () => {
    expect(tagsFromName('ic_arrow-left_24px')).toEqual(['arrow', 'left'])
    expect(tagsFromName('shoppingCartOutline')).toEqual(['shopping', 'cart'])
    expect(tagsFromName('Home icon')).toEqual(['home'])
    expect(tagsFromName('Élan-2')).toEqual(['elan'])
    expect(tagsFromName('24')).toEqual([])
  })

  test("a library icon adds its set's other names and categories, once each", () => {
    expect(libraryTags('house', ['home'], ['buildings'])).toEqual(['house', 'home', 'buildings'])
    expect(libraryTags('account-circle', ['user-circle'], ['account / user'])).toEqual([
      'account',
      'circle',
      'user',
    ])
  })
})
