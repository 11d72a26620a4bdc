// The editing ops on hand-made icons whose results are known exactly.
import { describe, expect, it } from 'vitest'
import { contentBounds } from './bounds.ts'
import { setColor } from './color.ts'
import { fitToGrid } from './fit.ts'
import { optimize, optimizeReport } from './optimize.ts'
import { flip, rotate } from './orient.ts'
import { setStrokeWidth, strokeInfo } from './stroke.ts'
import { readTree } from './tree.ts'

const svg = (body: string, attrs = 'viewBox="0 0 24 24"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`
const bounds = (s: string) => {
  const b = contentBounds(readTree(s))
  return b && [b.minX, b.minY, b.maxX, b.maxY].map((n) => Math.round(n * 1000) / 1000)
}

describe('fitToGrid', () => {
  it('scales the drawn area uniformly into the padded grid and centres it', () => {
    const out = fitToGrid(svg('<rect x="10" y="20" width="40" height="20"/>', 'viewBox="0 0 100 100"'), {
      size: 24,
      padding: 2,
    })
    expect(out).toMatch(/viewBox="0 0 24 24"/)
    expect(bounds(out)).toEqual([2, 7, 22, 17])
    expect(bounds(fitToGrid(out, { size: 32, padding: 0 }))).toEqual([0, 8, 32, 24])
  })

  it('counts half the stroke, keeps <title> first and refuses padding that leaves no room', () => {
    const out = fitToGrid(
      svg('<title>Ring</title><circle cx="50" cy="50" r="20" fill="none" stroke="#000" stroke-width="10"/>'),
      {
        size: 24,
        padding: 4,
      },
    )
    expect(bounds(out)).toEqual([4, 4, 20, 20])
    // The scale is applied into the drawing: the circle's path and its stroke width, no wrapper.
    expect(out).toMatch(
      /^<svg[^>]*><title>Ring<\/title><circle cx="12" cy="12" r="6.4" [^>]*stroke-width="3.2"/,
    )
    expect(out).not.toContain('transform')
    expect(() => fitToGrid(out, { size: 24, padding: 12 })).toThrow(RangeError)
  })
})

describe('rotate and flip', () => {
  const bar = svg('<rect x="2" y="4" width="4" height="16"/>')
  it('turns a quarter clockwise about the centre, into the path data (no transform left)', () => {
    expect(rotate(bar, 90)).toBe(svg('<rect x="4" y="2" width="16" height="4"/>', 'viewBox="0 0 24 24"'))
    // Turned by other than a quarter, a rect becomes path data; circles stay circles.
    const tilted = rotate(svg('<rect x="2" y="4" width="4" height="16"/><circle cx="6" cy="6" r="2"/>'), 90)
    expect(tilted).toContain('<circle cx="18" cy="6" r="2"/>')
    const twice = rotate(rotate(bar, 90), 90)
    expect(twice).not.toContain('transform')
    expect(bounds(twice)).toEqual([18, 4, 22, 20])
    expect(bounds(rotate(rotate(twice, 90), 90))).toEqual([2, 4, 6, 20])
  })

  it('wraps what it cannot carry exactly (text, references) in one composed group', () => {
    const label = svg('<text x="2" y="12">A</text>')
    const twice = rotate(rotate(label, 90), 90)
    expect(twice.match(/<g /g)).toHaveLength(1)
    expect(rotate(rotate(twice, 90), 90)).not.toContain('<g')
  })

  it('swaps the sides of a non-square viewBox around its centre', () => {
    const wide = svg('<rect width="40" height="20"/>', 'viewBox="0 0 40 20"')
    expect(rotate(wide, 90)).toMatch(/viewBox="10 -10 20 40"/)
    expect(rotate(wide, 180)).toMatch(/viewBox="0 0 40 20"/)
  })

  it('mirrors left-right and top-bottom', () => {
    expect(bounds(flip(bar, 'horizontal'))).toEqual([18, 4, 22, 20])
    expect(bounds(flip(svg('<rect x="2" y="1" width="4" height="4"/>'), 'vertical'))).toEqual([2, 19, 6, 23])
  })
})

describe('stroke width', () => {
  const ring = svg(
    '<g stroke="currentColor" fill="none" stroke-width="2"><circle cx="12" cy="12" r="8"/></g><path d="M0 0h4"/>',
  )
  it('reads and sets the width of stroked shapes in grid units, under transforms too', () => {
    expect(strokeInfo(ring)).toEqual({ stroked: true, width: 2 })
    expect(strokeInfo(setStrokeWidth(ring, 1.25))).toEqual({ stroked: true, width: 1.25 })
    const doubled = fitToGrid(ring, { size: 48, padding: 0 })
    expect(strokeInfo(doubled).width).toBeCloseTo((2 * 48) / 21, 2)
    expect(doubled).not.toContain('transform')
    const set = setStrokeWidth(doubled, 1.5)
    expect(strokeInfo(set).width).toBe(1.5)
    // The width asked for is the width written: no compensation for a leftover scale.
    expect(set).toContain('stroke-width="1.5"')
    expect([...set.matchAll(/<circle[^>]*stroke-width="([^"]+)"/g)].map((m) => m[1])).toEqual(['1.5'])
  })

  it('leaves fill-only icons alone', () => {
    const solid = svg('<path d="M0 0h4v4z"/>')
    expect(strokeInfo(solid)).toEqual({ stroked: false, width: null })
    expect(setStrokeWidth(solid, 3)).not.toContain('stroke-width')
  })
})

describe('colour', () => {
  it('paints everything that paints, keeps none, clears color=, gives default black the root fill', () => {
    const out = setColor(
      svg('<path d="M0 0h4" style="stroke:red;fill:none"/><g color="blue"><rect width="2" height="2"/></g>'),
      'currentColor',
    )
    expect(out).toBe(
      svg(
        '<path d="M0 0h4" style="fill:none" stroke="currentColor"/><g><rect width="2" height="2"/></g>',
        'viewBox="0 0 24 24" fill="currentColor"',
      ),
    )
  })

  it('keeps the paints of masks and refuses anything but currentColor or hex', () => {
    const masked = svg(
      '<mask id="m"><rect width="24" height="24" fill="#fff"/></mask><circle r="4" fill="red" mask="url(#m)"/>',
    )
    expect(setColor(masked, '#00ff00')).toContain('fill="#fff"')
    expect(setColor(masked, '#00ff00')).toContain('<circle r="4" fill="#00ff00"')
    expect(() => setColor(masked, 'url(javascript:alert(1))')).toThrow(RangeError)
  })
})

describe('optimise', () => {
  it("drops what editors write about themselves, keeps the icon's own title and says what it saved", async () => {
    const sketch = svg(
      '<title>Bell</title><desc>Created with Sketch.</desc><metadata>x</metadata><desc>A bell that rings</desc>' +
        '<g stroke="none" fill="none"><path d="M 2.000 2.000 L 22.000 2.000 L 22.000 22.000 Z" fill="#000"/></g>',
    )
    const out = await optimize(sketch)
    expect(out).toContain('<title>Bell</title>')
    expect(out).toContain('A bell that rings')
    expect(out).not.toMatch(/Sketch|<metadata/)
    expect(optimizeReport(sketch, out)).toMatch(/^Optimised: \d+ → \d+ bytes \(−\d+%\)$/)
    expect(optimizeReport(out, out)).toMatch(/^Already optimised: \d+ bytes$/)
  })
})
