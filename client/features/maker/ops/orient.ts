// Rotate by quarter turns and flip, about the centre of the viewBox; a quarter turn of a
// non-square viewBox swaps its width and height around the same centre.
import { type Matrix, rotation } from './matrix.ts'
import { readTree, setViewBox, transformContent, viewBoxOf, writeTree } from './tree.ts'

export type Quarter = 90 | 180 | 270
export type FlipAxis = 'horizontal' | 'vertical'

function reorient(svg: string, matrixFor: (cx: number, cy: number) => Matrix, swap: boolean): string {
  const root = readTree(svg)
  const vb = viewBoxOf(root)
  const cx = vb.x + vb.width / 2
  const cy = vb.y + vb.height / 2
  transformContent(root, matrixFor(cx, cy))
  const [width, height] = swap ? [vb.height, vb.width] : [vb.width, vb.height]
  setViewBox(root, { x: cx - width / 2, y: cy - height / 2, width, height })
  return writeTree(root)
}

/** Rotates clockwise by 90, 180 or 270 degrees. */
export function rotate(svg: string, degrees: Quarter): string {
  return reorient(svg, (cx, cy) => rotation(degrees, cx, cy), degrees !== 180)
}

/** Mirrors left-right ('horizontal') or top-bottom ('vertical'). */
export function flip(svg: string, axis: FlipAxis): string {
  return reorient(
    svg,
    (cx, cy) => (axis === 'horizontal' ? [-1, 0, 0, 1, 2 * cx, 0] : [1, 0, 0, -1, 0, 2 * cy]),
    false,
  )
}
