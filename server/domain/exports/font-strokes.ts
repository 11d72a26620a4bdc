// Strokes as filled outlines for the icon font (ADR 0105): a glyph is filled, so a stroked line
// becomes the union of what the stroke covers: a band along the (flattened) segments that bend
// smoothly into each other (a quad along each, beveled at each bend, as one contour), the join at
// every other corner (round: a disc; miter within the limit: the miter's point; else a bevel), the
// caps at open ends (round: a disc; square: the quad lengthened). Every piece turns the same way, so
// the font's non-zero fill unites them. Curves are flattened finely enough that the polygon's error is
// far below a pixel at any usual size (within the tolerance given: 1/2000 of the icon's height).
import { type PathOf, type Point, polylines } from './font-polylines.ts'

export interface StrokeStyle {
  width: number
  cap: 'butt' | 'round' | 'square'
  join: 'miter' | 'round' | 'bevel'
  miterLimit: number
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

type Segment = { a: Point; b: Point; d: Point; n: Point; length: number }

/** The bend at the point between two segments: its turn (the sign says which side is inside) and angle. */
function bend(s: Segment, t: Segment) {
  const turn = s.d[0] * t.d[1] - s.d[1] * t.d[0]
  const cos = s.d[0] * t.d[0] + s.d[1] * t.d[1]
  return { turn, cos, angle: Math.atan2(Math.abs(turn), cos) }
}

/**
 * Whether the outline may run on through the point between two segments as one band: a smooth bend
 * (a bevel join's) whose inner corner lies within the first half of each segment, so the band's inner
 * edge never folds back. Elsewhere (corners, curves tighter than half the stroke) pieces are kept.
 */
function runsOn(s: Segment, t: Segment, half: number): boolean {
  const { turn, cos, angle } = bend(s, t)
  if (Math.abs(turn) < 1e-9) return cos > 0
  return angle <= SMOOTH && half * Math.tan(angle / 2) <= Math.min(s.length, t.length) / 2
}

/**
 * The band along segments that run on into each other: the outer edge through both offset points of
 * each bend (the bevel), the inner edge through the point where the offset lines meet. It covers
 * exactly what their quads and bevels covered, with two points a segment instead of seven, and turns
 * the same way.
 */
function band(run: readonly Segment[]): Point[] {
  const left: Point[] = []
  const right: Point[] = []
  const first = run[0]!
  left.push([first.a[0] + first.n[0], first.a[1] + first.n[1]])
  right.push([first.a[0] - first.n[0], first.a[1] - first.n[1]])
  for (let r = 0; r < run.length; r++) {
    const s = run[r]!
    const t = run[r + 1]
    const p = s.b
    if (!t) {
      left.push([p[0] + s.n[0], p[1] + s.n[1]])
      right.push([p[0] - s.n[0], p[1] - s.n[1]])
      break
    }
    const { turn, cos } = bend(s, t)
    if (Math.abs(turn) < 1e-9) {
      left.push([p[0] + s.n[0], p[1] + s.n[1]])
      right.push([p[0] - s.n[0], p[1] - s.n[1]])
      continue
    }
    // Where the two offset lines meet on the inner side: the normals' sum over 1 + cos.
    const m: Point = [(s.n[0] + t.n[0]) / (1 + cos), (s.n[1] + t.n[1]) / (1 + cos)]
    if (turn > 0) {
      left.push([p[0] + m[0], p[1] + m[1]])
      right.push([p[0] - s.n[0], p[1] - s.n[1]], [p[0] - t.n[0], p[1] - t.n[1]])
    } else {
      left.push([p[0] + s.n[0], p[1] + s.n[1]], [p[0] + t.n[0], p[1] + t.n[1]])
      right.push([p[0] - m[0], p[1] - m[1]])
    }
  }
  return [...left, ...right.reverse()]
}

/**
 * The stroke of absolute path data (arcs and shorthands already expanded) as filled contours, each
 * point taken through `map` (to font units).
 */
export function strokeContours(path: PathOf, style: StrokeStyle, tolerance: number, map: MapPoint): string[] {
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
    const segments: Segment[] = []
    for (let i = 0; i < count; i++) {
      let a = pts[i]!
      let b = pts[(i + 1) % pts.length]!
      const d = unit(a, b)
      const length = Math.hypot(b[0] - a[0], b[1] - a[1])
      if (!closed && style.cap === 'square') {
        if (i === 0) a = [a[0] - d[0] * half, a[1] - d[1] * half]
        if (i === count - 1) b = [b[0] + d[0] * half, b[1] + d[1] * half]
      }
      segments.push({ a, b, d, n: [-d[1] * half, d[0] * half], length })
    }
    // The points where the outline runs on (segment i-1 into i); the others keep their join below.
    const on = segments.map((s, i) =>
      i === 0 && !closed ? false : runsOn(segments[(i - 1 + count) % count]!, s, half),
    )
    // Bands between the points that do not run on; a closed ring that runs on everywhere is cut at
    // its start (its join there kept as a piece).
    const cut = closed && on.every(Boolean) ? 0 : -1
    const from = closed ? Math.max(0, on.indexOf(false)) : 0
    let run: Segment[] = []
    for (let k = 0; k < count; k++) {
      const i = (from + k) % count
      if (run.length && (!on[i] || i === cut)) {
        out.push(polygon(band(run)))
        run = []
      }
      run.push(segments[i]!)
    }
    if (run.length) out.push(polygon(band(run)))
    // Joins: at every inner point, and at the start of a closed one.
    const joins = closed ? pts.map((_, i) => i) : pts.map((_, i) => i).slice(1, -1)
    for (const i of joins) {
      if (on[i] && i !== cut) continue
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
