// Walks the drawn shapes of an icon with what they inherit (stroke, stroke width) and the
// transform to root units; the contents of masks and clip paths are not paint and are skipped.

import type { SvgElement } from '@common/svg/index.ts'
import { IDENTITY, type Matrix, multiply, parseTransform } from './matrix.ts'
import { getProp } from './props.ts'

export const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text'])
const NOT_PAINT = new Set(['mask', 'clipPath', 'title', 'desc', 'metadata', 'style'])

export type ShapeVisit = { el: SvgElement; m: Matrix; stroke: string; strokeWidth: number }

const width = (value: string | undefined, fallback: number) => {
  const n = Number.parseFloat(value ?? '')
  return Number.isFinite(n) && n >= 0 ? n : fallback
}

export function walkShapes(root: SvgElement, visit: (shape: ShapeVisit) => void): void {
  const go = (el: SvgElement, m: Matrix, stroke: string, strokeWidth: number) => {
    if (NOT_PAINT.has(el.name)) return
    const own = parseTransform(el.attrs.get('transform'))
    const here = own && el !== root ? multiply(m, own) : m
    const s = getProp(el, 'stroke') ?? stroke
    const w = width(getProp(el, 'stroke-width'), strokeWidth)
    if (SHAPES.has(el.name)) visit({ el, m: here, stroke: s.trim(), strokeWidth: w })
    for (const child of el.children) if (typeof child !== 'string') go(child, here, s, w)
  }
  go(root, IDENTITY, 'none', 1)
}

export const isPainted = (paint: string) => paint !== 'none' && paint !== 'transparent' && paint !== ''
