import { expect, test } from 'vitest'
import { iconHash, iconIdFromHash } from './icon-hash.ts'

test('the hash a link writes is the one the vault reads', () => {
  const id = '0b9f4c2e-7d1a-4f6b-9c3e-2a5d8e1f7b40'
  expect(iconHash(id)).toBe(`icon=${id}`)
  expect(iconIdFromHash(`#${iconHash(id)}`)).toBe(id)
  expect(iconIdFromHash(iconHash(id))).toBe(id)
  expect(iconIdFromHash(`#tab=copy&${iconHash(id)}`)).toBe(id)
  expect(iconIdFromHash(`#icon-${id}`)).toBeNull()
  expect(iconIdFromHash('')).toBeNull()
})
