// Bounds of one basic shape (path, rect, circle, ellipse, line, polyline, polygon) under a
// transform, in root units; lengths in % are taken against the viewBox.
import { Box } from './box.ts'
import { apply, type Matrix } from './matrix.ts'
import { addPathBounds } from './path-bounds.ts'
import type { SvgElement, ViewBox } from './tree.ts'

type Ctx = { m: Matrix; vb: ViewBox }

export const len = (value: string | undefined, ref: number): number => {
  const v = (value ?? '').trim()
  if (v.endsWith('%')) return (Number.parseFloat(v) / 100) * ref
  const n = Number.parseFloat(v)
  return Number.isFinite(n) ? n : 0
}

export function shapeBox(el: SvgElement, ctx: Ctx): Box {
  const box = new Box()
  const { m, vb } = ctx
  const a = (name: string, ref = vb.width) => len(el.attrs.get(name), ref)
  const ellipse = (cx: number, cy: number, rx: number, ry: number) => {
    const [x, y] = apply(m, cx, cy)
    const hx = Math.hypot(m[0] * rx, m[2] * ry)
    const hy = Math.hypot(m[1] * rx, m[3] * ry)
    box.add(x - hx, y - hy)
    box.add(x + hx, y + hy)
  }
  const points = (pts: number[][]) => {
    for (const [x = 0, y = 0] of pts) box.add(...apply(m, x, y))
  }
  switch (el.name) {
    case 'path':
      addPathBounds(box, el.attrs.get('d') ?? '', m)
      break
    case 'rect': {
      const [x, y, w, h] = [a('x'), a('y', vb.height), a('width'), a('height', vb.height)]
      if (w > 0 && h > 0)
        points([
          [x, y],
          [x + w, y],
          [x, y + h],
          [x + w, y + h],
        ])
      break
    }
    case 'circle':
      if (a('r') > 0) ellipse(a('cx'), a('cy', vb.height), a('r'), a('r'))
      break
    case 'ellipse':
      if (a('rx') > 0 && a('ry', vb.height) > 0)
        ellipse(a('cx'), a('cy', vb.height), a('rx'), a('ry', vb.height))
      break
    case 'line':
      points([
        [a('x1'), a('y1', vb.height)],
        [a('x2'), a('y2', vb.height)],
      ])
      break
    case 'polyline':
    case 'polygon': {
      const n = (el.attrs.get('points') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number)
      points(Array.from({ length: Math.floor(n.length / 2) }, (_, i) => [n[2 * i]!, n[2 * i + 1]!]))
      break
    }
  }
  return box
}
