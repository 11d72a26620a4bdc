// Stroke width for stroked icons, in grid (viewBox) units whatever transforms the shapes sit under.
import { IDENTITY, type Matrix, multiply, num, parseTransform, scaleOf } from './matrix.ts'
import { isPainted, SHAPES, walkShapes } from './paint-walk.ts'
import { getProp, setProp } from './props.ts'
import { readTree, type SvgElement, writeTree } from './tree.ts'

export type StrokeInfo = {
  stroked: boolean /** The most common width, in grid units. */
  width: number | null
}

export function strokeInfo(svg: string): StrokeInfo {
  const counts = new Map<number, number>()
  walkShapes(readTree(svg), ({ stroke, strokeWidth, m }) => {
    if (!isPainted(stroke)) return
    const w = Math.round(strokeWidth * scaleOf(m) * 100) / 100
    counts.set(w, (counts.get(w) ?? 0) + 1)
  })
  if (counts.size === 0) return { stroked: false, width: null }
  const [width] = [...counts].sort((a, b) => b[1] - a[1])[0]!
  return { stroked: true, width }
}

/**
 * Sets every stroked shape's stroke width to `width` grid units; unstroked icons are unchanged.
 * Widths set on the root or on groups (inherited by shapes that set none) get the same value, so
 * the code says one width, not a stale one beside the new.
 */
export function setStrokeWidth(svg: string, width: number): string {
  if (!(width > 0) || width > 1000) throw new RangeError('The stroke width must be a positive number')
  const root = readTree(svg)
  let stroked = false
  walkShapes(root, ({ el, stroke, m }) => {
    if (!isPainted(stroke)) return
    stroked = true
    const scale = scaleOf(m) || 1
    setProp(el, 'stroke-width', num(width / scale))
  })
  if (stroked) setInherited(root, IDENTITY, width)
  return writeTree(root)
}

/** Coverage and fills, not the icon's own strokes: their widths stay. */
const NOT_STROKES = new Set(['mask', 'clipPath', 'pattern', 'marker'])

function setInherited(el: SvgElement, above: Matrix, width: number): void {
  if (NOT_STROKES.has(el.name)) return
  const own = el.name === 'svg' ? null : parseTransform(el.attrs.get('transform'))
  const m = own ? multiply(above, own) : above
  if (!SHAPES.has(el.name) && getProp(el, 'stroke-width') !== undefined)
    setProp(el, 'stroke-width', num(width / (scaleOf(m) || 1)))
  for (const child of el.children) if (typeof child !== 'string') setInherited(child, m, width)
}
