// Transforms, path data and measured bounds.
import { describe, expect, it } from 'vitest'
import { contentBounds } from './bounds.ts'
import { parseTransform } from './matrix.ts'
import { parsePath } from './path-data.ts'
import { readTree } from './tree.ts'

const measure = (body: string) => {
  const b = contentBounds(
    readTree(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`),
  )
  return b && [b.minX, b.minY, b.maxX, b.maxY].map((n) => Math.round(n * 1000) / 1000)
}

describe('parseTransform', () => {
  it('reads transform lists, exact for quarter turns', () => {
    expect(parseTransform('translate(10) scale(2)')).toEqual([2, 0, 0, 2, 10, 0])
    expect(parseTransform('rotate(90 12 12)')).toEqual([0, 1, -1, 0, 24, 0])
    expect(parseTransform('matrix(1,0,0,1,5,6)')).toEqual([1, 0, 0, 1, 5, 6])
    expect(parseTransform('')).toEqual([1, 0, 0, 1, 0, 0])
    expect(parseTransform('translate(1) bogus(2)')).toBeNull()
  })
})

describe('parsePath', () => {
  it('reads compact arcs flags, implicit linetos, and stops at errors', () => {
    expect(parsePath('M0 0a1 1 0 00.5.5')).toEqual([
      { cmd: 'M', args: [0, 0] },
      { cmd: 'a', args: [1, 1, 0, 0, 0, 0.5, 0.5] },
    ])
    expect(parsePath('m1 1 2 2z')).toEqual([
      { cmd: 'm', args: [1, 1] },
      { cmd: 'l', args: [2, 2] },
      { cmd: 'z', args: [] },
    ])
    expect(parsePath('M1 1L2')).toEqual([{ cmd: 'M', args: [1, 1] }])
  })
})

describe('contentBounds', () => {
  it('measures shapes, curves, arcs, strokes, transforms and <use>', () => {
    expect(measure('<circle cx="12" cy="12" r="5" stroke="#000" stroke-width="2"/>')).toEqual([6, 6, 18, 18])
    expect(measure('<path d="M0 10C0 0 10 0 10 10"/>')).toEqual([0, 2.5, 10, 10])
    expect(measure('<path d="M2 12a10 10 0 0 1 20 0"/>')).toEqual([2, 2, 22, 12])
    expect(measure('<g transform="translate(5 5) scale(2)"><rect width="2" height="3"/></g>')).toEqual([
      5, 5, 9, 11,
    ])
    expect(measure('<defs><rect id="r" width="2" height="2"/></defs><use href="#r" x="3" y="4"/>')).toEqual([
      3, 4, 5, 6,
    ])
    expect(measure('<path d="M4 4Q12 20 20 4"/>')).toEqual([4, 4, 20, 12])
  })

  it('answers null for what it cannot measure, or when nothing is drawn', () => {
    expect(measure('<text x="2" y="12">A</text>')).toBeNull()
    expect(measure('<defs><rect width="2" height="2"/></defs>')).toBeNull()
    expect(measure('<rect width="4" height="4" display="none"/>')).toBeNull()
  })
})
