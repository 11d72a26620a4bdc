import { expect, test } from 'vitest'
import { keptFor } from './kept-for.ts'

test('an entry lives until its bound or its own expiry; a read overlapping a forget keeps nothing', () => {
  let t = 0
  const kept = keptFor<string>({ ttlMs: 100, maxEntries: 2, now: () => t })
  kept.set('a', 'A', kept.generation(), 50)
  expect(kept.get('a')).toBe('A')
  t = 50
  expect(kept.get('a')).toBeNull() // its own expiry
  kept.set('a', 'A', kept.generation())
  t = 149
  expect(kept.get('a')).toBe('A')
  t = 150
  expect(kept.get('a')).toBeNull() // the bound

  // A read began, a note forgot something meanwhile: what the read saw may be older than the note.
  const since = kept.generation()
  kept.forget('other')
  kept.set('b', 'B', since)
  expect(kept.get('b')).toBeNull()
  kept.set('b', 'B', kept.generation())
  expect(kept.get('b')).toBe('B')

  kept.set('c', 'C', kept.generation())
  kept.set('d', 'D', kept.generation()) // oldest out past maxEntries
  expect([kept.get('b'), kept.get('c'), kept.get('d')]).toEqual([null, 'C', 'D'])
  kept.forgetWhere((v) => v === 'C')
  expect([kept.get('c'), kept.get('d')]).toEqual([null, 'D'])
  kept.clear()
  expect(kept.get('d')).toBeNull()
})
