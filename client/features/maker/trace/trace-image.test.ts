// Tracing pixels in Node (the browser only adds decoding): ink in currentColor, where it was.

import { processSvg } from '@common/svg/index.ts'
import { describe, expect, it } from 'vitest'
import { contentBounds } from '../ops/bounds.ts'
import { readTree } from '../ops/tree.ts'
import { traceImage } from './trace-image.ts'

/** 64 × 64 white (or transparent) with a coloured rectangle at x 16–48, y 24–40. */
function picture(ink: [number, number, number], background: [number, number, number, number]) {
  const data = new Uint8ClampedArray(64 * 64 * 4)
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 64; x++) {
      const inside = x >= 16 && x < 48 && y >= 24 && y < 40
      data.set(inside ? [...ink, 255] : background, (y * 64 + x) * 4)
    }
  }
  return { width: 64, height: 64, data }
}

const box = (svg: string) => {
  const b = contentBounds(readTree(svg))!
  return [b.minX, b.minY, b.maxX, b.maxY].map(Math.round)
}

describe('traceImage', () => {
  it('monochrome: the dark shape in currentColor, the white paper gone', async () => {
    const svg = await traceImage(picture([20, 20, 20], [255, 255, 255, 255]), {
      mode: 'mono',
      detail: 'medium',
    })
    expect(svg).toMatch(/viewBox="0 0 64 64"/)
    expect(svg).toContain('fill="currentColor"')
    expect(svg).not.toMatch(/rgb\(255,255,255\)|stroke/)
    expect(box(svg)).toEqual([16, 24, 48, 40])
    await processSvg(svg, { idPrefix: 'tr' })
  })

  it('inverted monochrome traces the light parts; colour keeps the colour', async () => {
    const inverted = await traceImage(picture([250, 250, 250], [0, 0, 0, 255]), {
      mode: 'mono',
      detail: 'low',
      invert: true,
    })
    expect(box(inverted)).toEqual([16, 24, 48, 40])
    const colour = await traceImage(picture([220, 30, 30], [0, 0, 0, 0]), { mode: 'color', detail: 'high' })
    expect(colour).toMatch(/fill="rgb\(2\d\d,\s?\d+,\s?\d+\)"/)
    expect(box(colour)).toEqual([16, 24, 48, 40])
  })
})
