// Strokes as filled outlines for the icon font (ADR 0105): a glyph is filled, so a stroked line
// becomes the union of what the stroke covers: a quad along every (flattened) segment, the join at
// every corner (round: a disc; miter within the limit: the miter's point; else a bevel), the caps at
// open ends (round: a disc; square: the quad lengthened). Every piece turns the same way, so the
// font's non-zero fill unites them. Curves are flattened finely enough that the polygon's error is
// far below a pixel at any usual size (about 1/500 of the icon's height).
import svgpath from 'svgpath'

type Point = [number, number]

export interface StrokeStyle {
  width: number
  cap: 'butt' | 'round' | 'square'
  join: 'miter' | 'round' | 'bevel'
  miterLimit: number
}

/** The subpaths of absolute, arc-free, shorthand-free path data as polylines (those that draw). */
function polylines(path: string, tolerance: number): { points: Point[]; closed: boolean }[] {
  type Line = { points: Point[]; closed: boolean; drawn: boolean }
  const lines: Line[] = []
  let current: Line | null = null
  const steps = (length: number) => Math.min(64, Math.max(2, Math.ceil(Math.sqrt(length / tolerance))))
  svgpath(path).iterate((segment, _i, x, y) => {
    const [command, ...n] = segment as [string, ...number[]]
    if (command === 'M') {
      current = { points: [[n[0]!, n[1]!]], closed: false, drawn: false }
      lines.push(current)
      return
    }
    if (!current) {
      current = { points: [[x, y]], closed: false, drawn: false }
      lines.push(current)
    }
    const line: Line = current
    line.drawn = true
    if (command === 'L') line.points.push([n[0]!, n[1]!])
    else if (command === 'H') line.points.push([n[0]!, y])
    else if (command === 'V') line.points.push([x, n[0]!])
    else if (command === 'C' || command === 'Q') {
      const p = (
        command === 'C'
          ? [
              [x, y],
              [n[0], n[1]],
              [n[2], n[3]],
              [n[4], n[5]],
            ]
          : [
              [x, y],
              [n[0], n[1]],
              [n[2], n[3]],
            ]
      ) as Point[]
      let length = 0
      for (let i = 1; i < p.length; i++)
        length += Math.hypot(p[i]![0] - p[i - 1]![0], p[i]![1] - p[i - 1]![1])
      const count = steps(length)
      for (let k = 1; k <= count; k++) {
        const t = k / count
        const u = 1 - t
        line.points.push(
          p.length === 4
            ? [
                u * u * u * p[0]![0] +
                  3 * u * u * t * p[1]![0] +
                  3 * u * t * t * p[2]![0] +
                  t * t * t * p[3]![0],
                u * u * u * p[0]![1] +
                  3 * u * u * t * p[1]![1] +
                  3 * u * t * t * p[2]![1] +
                  t * t * t * p[3]![1],
              ]
            : [
                u * u * p[0]![0] + 2 * u * t * p[1]![0] + t * t * p[2]![0],
                u * u * p[0]![1] + 2 * u * t * p[1]![1] + t * t * p[2]![1],
              ],
        )
      }
    } else if (command === 'Z' || command === 'z') {
      line.closed = true
      // What follows without a move starts where this one did.
      current = null
    }
  })
  // Points repeated in a row say nothing about direction.
  return lines
    .filter((line) => line.drawn)
    .map((line) => ({
      closed: line.closed,
      points: line.points.filter(
        (p, i, all) => i === 0 || Math.hypot(p[0] - all[i - 1]![0], p[1] - all[i - 1]![1]) > 1e-9,
      ),
    }))
}

const area = (points: readonly Point[]) => {
  let sum = 0
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!
    const [x2, y2] = points[(i + 1) % points.length]!
    sum += x1 * y2 - x2 * y1
  }
  return sum / 2
}

/** Where the output goes: a point of the path's space to the output's (the font's units). */
export type MapPoint = (p: Point) => Point

const fmt = (n: number) => String(Math.round(n * 100) / 100)

/** A polygon as path data in the output's space, turned so its area there is positive (all alike). */
function polygonIn(map: MapPoint) {
  return (points: Point[]): string => {
    const mapped = points.map(map)
    const ordered = area(mapped) < 0 ? mapped.reverse() : mapped
    return `M${ordered.map((p) => `${fmt(p[0])} ${fmt(p[1])}`).join('L')}Z`
  }
}

function discPoints(center: Point, radius: number): Point[] {
  const points: Point[] = []
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2
    points.push([center[0] + radius * Math.cos(a), center[1] + radius * Math.sin(a)])
  }
  return points
}

/** Below this turn (radians) a join is a bevel whatever its kind: the difference is far below a pixel. */
const SMOOTH = 0.26

const unit = (a: Point, b: Point): Point => {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1])
  return [(b[0] - a[0]) / length, (b[1] - a[1]) / length]
}

/**
 * The stroke of absolute path data (arcs and shorthands already expanded) as filled contours, each
 * point taken through `map` (to font units).
 */
export function strokeContours(path: string, style: StrokeStyle, tolerance: number, map: MapPoint): string[] {
  const half = style.width / 2
  const out: string[] = []
  const polygon = polygonIn(map)
  const disc = (center: Point, radius: number) => polygon(discPoints(center, radius))
  for (const { points, closed } of polylines(path, tolerance)) {
    if (points.length === 1) {
      // A zero-length subpath draws a dot with round or square caps.
      const [p] = points as [Point]
      if (style.cap === 'round') out.push(disc(p, half))
      else if (style.cap === 'square')
        out.push(
          polygon([
            [p[0] - half, p[1] - half],
            [p[0] + half, p[1] - half],
            [p[0] + half, p[1] + half],
            [p[0] - half, p[1] + half],
          ]),
        )
      continue
    }
    const ring =
      closed &&
      points.length > 2 &&
      Math.hypot(points[0]![0] - points.at(-1)![0], points[0]![1] - points.at(-1)![1]) < 1e-9
    const pts = ring ? points.slice(0, -1) : points
    const count = closed ? pts.length : pts.length - 1
    for (let i = 0; i < count; i++) {
      let a = pts[i]!
      let b = pts[(i + 1) % pts.length]!
      const [dx, dy] = unit(a, b)
      if (!closed && style.cap === 'square') {
        if (i === 0) a = [a[0] - dx * half, a[1] - dy * half]
        if (i === count - 1) b = [b[0] + dx * half, b[1] + dy * half]
      }
      const [nx, ny] = [-dy * half, dx * half]
      out.push(
        polygon([
          [a[0] + nx, a[1] + ny],
          [b[0] + nx, b[1] + ny],
          [b[0] - nx, b[1] - ny],
          [a[0] - nx, a[1] - ny],
        ]),
      )
    }
    // Joins: at every inner point, and at the start of a closed one.
    const joins = closed ? pts.map((_, i) => i) : pts.map((_, i) => i).slice(1, -1)
    for (const i of joins) {
      const p = pts[i]!
      const before = pts[(i - 1 + pts.length) % pts.length]!
      const after = pts[(i + 1) % pts.length]!
      const [ax, ay] = unit(before, p)
      const [bx, by] = unit(p, after)
      const turn = ax * by - ay * bx
      if (Math.abs(turn) < 1e-9 && ax * bx + ay * by > 0) continue
      const angle = Math.atan2(Math.abs(turn), ax * bx + ay * by)
      if (style.join === 'round' && angle > SMOOTH) {
        out.push(disc(p, half))
        continue
      }
      // The outer side of the corner: the offsets of both segments there, and the point between.
      const side = turn > 0 ? -1 : 1
      const e1: Point = [p[0] - ay * half * side, p[1] + ax * half * side]
      const e2: Point = [p[0] - by * half * side, p[1] + bx * half * side]
      const cos = ax * bx + ay * by
      const miter = 1 / Math.sqrt(Math.max((1 + cos) / 2, 1e-12))
      if (style.join === 'miter' && miter <= style.miterLimit && angle > SMOOTH) {
        const [mx, my] = [e1[0] + e2[0] - 2 * p[0], e1[1] + e2[1] - 2 * p[1]]
        const length = Math.hypot(mx, my) || 1
        const tip: Point = [p[0] + (mx / length) * half * miter, p[1] + (my / length) * half * miter]
        out.push(polygon([p, e1, tip, e2]))
      } else out.push(polygon([p, e1, e2]))
    }
    if (!closed && style.cap === 'round') {
      out.push(disc(pts[0]!, half))
      out.push(disc(pts.at(-1)!, half))
    }
  }
  return out
}
