// The box a shape covers, from its geometry (svgpath): the shape as path data, its transforms
// applied, arcs made curves, then each segment's extremes (a curve's, where its derivative is
// zero). The stroke adds half its width on every side, scaled as the transforms scale lengths:
// exact for round caps and joins, an underestimate for long miters (ADR 0110).
import svgpath from 'svgpath'
import { type SvgElement, shapePath } from '../svg/index.ts'

export type Box = { minX: number; minY: number; maxX: number; maxY: number }

/** Values of t in (0, 1) where a cubic's (or, with p3 = NaN, a quadratic's) coordinate turns. */
function turns(p0: number, p1: number, p2: number, p3: number, out: number[]): void {
  out.length = 0
  if (Number.isNaN(p3)) {
    const d = p0 - 2 * p1 + p2
    if (d !== 0) out.push((p0 - p1) / d)
  } else {
    const a = -p0 + 3 * p1 - 3 * p2 + p3
    const b = 2 * (p0 - 2 * p1 + p2)
    const c = p1 - p0
    if (Math.abs(a) < 1e-12) {
      if (b !== 0) out.push(-c / b)
    } else {
      const disc = b * b - 4 * a * c
      if (disc >= 0) {
        const root = Math.sqrt(disc)
        out.push((-b + root) / (2 * a), (-b - root) / (2 * a))
      }
    }
  }
}

const at = (t: number, p0: number, p1: number, p2: number, p3: number) => {
  const u = 1 - t
  return Number.isNaN(p3)
    ? u * u * p0 + 2 * u * t * p1 + t * t * p2
    : u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
}

/** Scales of the transform lists seen last (a drawing's shapes mostly share a few). */
const scales = new Map<string, number>()

/** How much a transform list scales lengths (the square root of its determinant's size). */
function scaleOf(transform: string): number {
  const known = scales.get(transform)
  if (known !== undefined) return known
  if (scales.size >= 256) scales.clear()
  const scale = measureScale(transform)
  scales.set(transform, scale)
  return scale
}

function measureScale(transform: string): number {
  let pts: number[] = []
  svgpath('M0 0L1 0L0 1')
    .transform(transform)
    .iterate((s) => {
      pts = pts.concat(s.slice(1) as number[])
    })
  const [x0 = 0, y0 = 0, x1 = 1, y1 = 0, x2 = 0, y2 = 1] = pts
  return Math.sqrt(Math.abs((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)))
}

/** The box a shape's geometry covers under `transform`, grown by half of `strokeWidth`; null if empty. */
export function shapeBox(el: SvgElement, transform: string, strokeWidth: number): Box | null {
  const d = shapePath(el)
  if (!d) return null
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  const add = (x: number, y: number) => {
    if (x < box.minX) box.minX = x
    if (x > box.maxX) box.maxX = x
    if (y < box.minY) box.minY = y
    if (y > box.maxY) box.maxY = y
  }
  const ts: number[] = []
  const curve = (x0: number, y0: number, s: number[]) => {
    const cubic = s.length === 6
    const [x1, y1, x2, y2] = s as [number, number, number, number]
    const x3 = cubic ? (s[4] as number) : Number.NaN
    const y3 = cubic ? (s[5] as number) : Number.NaN
    add(cubic ? x3 : x2, cubic ? y3 : y2)
    turns(x0, x1, x2, x3, ts)
    for (const t of ts) if (t > 0 && t < 1) add(at(t, x0, x1, x2, x3), at(t, y0, y1, y2, y3))
    turns(y0, y1, y2, y3, ts)
    for (const t of ts) if (t > 0 && t < 1) add(at(t, x0, x1, x2, x3), at(t, y0, y1, y2, y3))
  }
  let path = svgpath(d).abs().unarc().unshort()
  if (transform) path = path.transform(transform)
  path.iterate((s, _i, x, y) => {
    const kind = s[0]
    if (kind === 'M' || kind === 'L') add(s[1], s[2])
    else if (kind === 'H') add(s[1], y)
    else if (kind === 'V') add(x, s[1])
    else if (kind === 'C' || kind === 'Q') {
      add(x, y)
      curve(x, y, s.slice(1) as number[])
    }
  })
  if (box.minX === Infinity) return null
  const grow = strokeWidth > 0 ? (strokeWidth / 2) * (transform ? scaleOf(transform) : 1) : 0
  return { minX: box.minX - grow, minY: box.minY - grow, maxX: box.maxX + grow, maxY: box.maxY + grow }
}
