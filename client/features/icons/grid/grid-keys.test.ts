import { expect, test } from 'vitest'
import { nextIndex } from './grid-keys.ts'

const shape = { count: 10, columns: 4, pageRows: 2 }

test('arrows move by a cell or a row and stop at the edges', () => {
  expect(nextIndex('ArrowRight', 3, shape)).toBe(4)
  expect(nextIndex('ArrowRight', 9, shape)).toBe(9)
  expect(nextIndex('ArrowLeft', 0, shape)).toBe(0)
  expect(nextIndex('ArrowDown', 1, shape)).toBe(5)
  expect(nextIndex('ArrowDown', 6, shape)).toBe(6) // no cell below in the last, short row
  expect(nextIndex('ArrowUp', 5, shape)).toBe(1)
  expect(nextIndex('ArrowUp', 2, shape)).toBe(2)
})

test('Home/End go to the row ends, with Ctrl to the first and last icon; pages move by screenfuls', () => {
  expect(nextIndex('Home', 6, shape)).toBe(4)
  expect(nextIndex('End', 4, shape)).toBe(7)
  expect(nextIndex('End', 8, shape)).toBe(9)
  expect(nextIndex('Home', 6, shape, true)).toBe(0)
  expect(nextIndex('End', 0, shape, true)).toBe(9)
  expect(nextIndex('PageDown', 1, shape)).toBe(9)
  expect(nextIndex('PageUp', 9, shape)).toBe(1)
})

test('other keys and an empty grid move nothing', () => {
  expect(nextIndex('a', 1, shape)).toBeNull()
  expect(nextIndex('ArrowRight', 0, { ...shape, count: 0 })).toBeNull()
})
