// Stroke width for stroked icons, in grid (viewBox) units whatever transforms the shapes sit under.
import { num, scaleOf } from './matrix.ts'
import { isPainted, walkShapes } from './paint-walk.ts'
import { readTree, setProp, writeTree } from './tree.ts'

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

/** Sets every stroked shape's stroke width to `width` grid units; unstroked icons are unchanged. */
export function setStrokeWidth(svg: string, width: number): string {
  if (!(width > 0) || width > 1000) throw new RangeError('The stroke width must be a positive number')
  const root = readTree(svg)
  walkShapes(root, ({ el, stroke, m }) => {
    if (!isPainted(stroke)) return
    const scale = scaleOf(m) || 1
    setProp(el, 'stroke-width', num(width / scale))
  })
  return writeTree(root)
}
