// Fit to the icon grid: the drawing (its measured bounds, else its viewBox) scaled uniformly and
// centred into a size × size grid with `padding` units free on every side; viewBox "0 0 size size".
import { contentBounds } from './bounds.ts'
import { multiply, scaling, translation } from './matrix.ts'
import { readTree, setViewBox, transformContent, viewBoxOf, writeTree } from './tree.ts'

export const GRID_SIZES = [16, 20, 24, 32, 48] as const
export type GridSize = (typeof GRID_SIZES)[number]
export const DEFAULT_GRID: GridSize = 24

export type FitOptions = { size: number; padding: number }

export function fitToGrid(svg: string, { size, padding }: FitOptions): string {
  if (!(size > 0) || !(padding >= 0) || padding * 2 >= size) {
    throw new RangeError('The padding must leave room on the grid')
  }
  const root = readTree(svg)
  const measured = contentBounds(root)
  const vb = viewBoxOf(root)
  const box = measured
    ? {
        x: measured.minX,
        y: measured.minY,
        w: measured.maxX - measured.minX,
        h: measured.maxY - measured.minY,
      }
    : { x: vb.x, y: vb.y, w: vb.width, h: vb.height }
  const longest = Math.max(box.w, box.h)
  const inner = size - 2 * padding
  const s = longest > 0 ? inner / longest : 1
  const tx = (size - box.w * s) / 2 - box.x * s
  const ty = (size - box.h * s) / 2 - box.y * s
  transformContent(root, multiply(translation(tx, ty), scaling(s)))
  setViewBox(root, { x: 0, y: 0, width: size, height: size })
  return writeTree(root)
}
