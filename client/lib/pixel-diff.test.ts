import { expect, test } from 'vitest'
import { DIFF_COLORS, pixelDiff } from './pixel-diff.ts'

/** A w×h RGBA raster, black, with the pixels `on` drawn opaque. */
function raster(w: number, h: number, on: [number, number][], alpha = 255) {
  const data = new Uint8ClampedArray(w * h * 4)
  for (const [x, y] of on) data[(y * w + x) * 4 + 3] = alpha
  return data
}
const px = (image: Uint8ClampedArray, w: number, x: number, y: number) =>
  Array.from(image.subarray((y * w + x) * 4, (y * w + x) * 4 + 4))

test('removed pixels are red, added blue, unchanged a faint trace, empty transparent', () => {
  const before = raster(3, 2, [
    [0, 0],
    [1, 0],
  ])
  const after = raster(3, 2, [
    [1, 0],
    [2, 1],
  ])
  const diff = pixelDiff(before, after, 3, 2)
  expect(diff.changed).toBe(2)
  expect(diff.drawn).toBe(3)
  expect(px(diff.image, 3, 0, 0)).toEqual([...DIFF_COLORS.removed, 255])
  expect(px(diff.image, 3, 2, 1)).toEqual([...DIFF_COLORS.added, 255])
  expect(px(diff.image, 3, 1, 0)).toEqual([...DIFF_COLORS.same, 56])
  expect(px(diff.image, 3, 0, 1)).toEqual([0, 0, 0, 0])
})

test('anti-aliasing noise is not a difference; a colour change of a drawn pixel is', () => {
  const before = raster(2, 1, [[0, 0]], 200)
  const after = raster(2, 1, [[0, 0]], 230)
  expect(pixelDiff(before, after, 2, 1).changed).toBe(0)
  const red = raster(2, 1, [[1, 0]])
  const blue = raster(2, 1, [[1, 0]])
  red[4] = 255
  blue[6] = 255
  const diff = pixelDiff(red, blue, 2, 1)
  expect(diff.changed).toBe(1)
  expect(px(diff.image, 2, 1, 0)).toEqual([...DIFF_COLORS.changed, 255])
})

test('identical drawings differ nowhere; rasters of another size are refused', () => {
  const a = raster(4, 4, [
    [1, 1],
    [2, 2],
  ])
  expect(pixelDiff(a, a.slice(), 4, 4)).toMatchObject({ changed: 0, drawn: 2 })
  expect(() => pixelDiff(a, raster(2, 2, []), 4, 4)).toThrow(RangeError)
})
