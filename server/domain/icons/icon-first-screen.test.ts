// firstByName against the library it stands in for: the first names of a sort by Intl.Collator
// (numeric, base; ties by id), over lists longer than one slice, of simple names and others mixed.
import { describe, expect, it } from 'vitest'
import { namesFromParts } from '../../../common/svg/test-support/random.ts'
import { firstByName } from './icon-first-screen.ts'

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
type Named = { id: string; name: string }
const bySort = (rows: Named[]) =>
  [...rows].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id))

const PARTS = [
  'a',
  'B',
  'icon',
  'Icon',
  ' ',
  '_',
  '-',
  '.',
  '0',
  '1',
  '07',
  '10',
  '9',
  'z',
  'é',
  'Ä',
  'ß',
  '图',
]

const names = (count: number, seed: number, parts = PARTS): Named[] =>
  namesFromParts(parts, count, seed, 4).map((name, n) => ({
    id: `${String(n % 997).padStart(4, '0')}-${n}`,
    name,
  }))

describe('firstByName', () => {
  it('gives the first names of the collator sort, simple names and others, across slices', async () => {
    const simple = PARTS.filter((part) => /^[A-Za-z0-9 _.-]+$/.test(part))
    for (const [rows, limit] of [
      [names(12_000, 1, simple), 200],
      [names(12_000, 2), 200],
      [names(6_000, 3), 1],
      [names(300, 4), 500],
      [[], 10],
    ] as const) {
      expect(await firstByName(rows, limit)).toEqual(
        bySort([...rows])
          .slice(0, limit)
          .map((row) => expect.objectContaining(row)),
      )
    }
  })
})
