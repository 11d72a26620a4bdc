// The contours of a glyph: a font fills with the non-zero rule, so an even-odd shape (a ring drawn
// as two circles turning the same way) would lose its hole. Each closed contour is turned so that
// one inside an odd number of others runs against the outer ones; non-zero then fills what even-odd
// did (for contours that do not cross each other, as icons draw them).
import svgpath from 'svgpath'
import type { PathOf } from './font-polylines.ts'

type Point = [number, number]
/** One segment: its start, control points and end. */
type Segment = { kind: 'L' | 'C' | 'Q'; from: Point; controls: Point[]; to: Point }

interface Contour {
  start: Point
  segments: Segment[]
  /** The outline flattened (ends and a few points on curves), for the tests below. */
  polygon: Point[]
}

function cubicAt(p0: Point, c1: Point, c2: Point, p1: Point, t: number): Point {
  const u = 1 - t
  const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
  return [a * p0[0] + b * c1[0] + c * c2[0] + d * p1[0], a * p0[1] + b * c1[1] + c * c2[1] + d * p1[1]]
}

function quadAt(p0: Point, c: Point, p1: Point, t: number): Point {
  const u = 1 - t
  return [u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]]
}

function contoursOf(path: PathOf): Contour[] {
  const contours: Contour[] = []
  let current: Contour | null = null
  ;(typeof path === 'string' ? svgpath(path) : path).iterate((segment, _index, x, y) => {
    const [command, ...n] = segment as [string, ...number[]]
    const from: Point = [x, y]
    const add = (kind: Segment['kind'], controls: Point[], to: Point) => {
      if (!current) {
        current = { start: from, segments: [], polygon: [from] }
        contours.push(current)
      }
      current.segments.push({ kind, from, controls, to })
      if (kind === 'C')
        for (const t of [0.25, 0.5, 0.75])
          current.polygon.push(cubicAt(from, controls[0]!, controls[1]!, to, t))
      if (kind === 'Q')
        for (const t of [0.25, 0.5, 0.75]) current.polygon.push(quadAt(from, controls[0]!, to, t))
      current.polygon.push(to)
    }
    if (command === 'M') {
      current = { start: [n[0]!, n[1]!], segments: [], polygon: [[n[0]!, n[1]!]] }
      contours.push(current)
    } else if (command === 'L') add('L', [], [n[0]!, n[1]!])
    else if (command === 'H') add('L', [], [n[0]!, y])
    else if (command === 'V') add('L', [], [x, n[0]!])
    else if (command === 'C')
      add(
        'C',
        [
          [n[0]!, n[1]!],
          [n[2]!, n[3]!],
        ],
        [n[4]!, n[5]!],
      )
    else if (command === 'Q') add('Q', [[n[0]!, n[1]!]], [n[2]!, n[3]!])
    else if (command === 'Z' || command === 'z') {
      const c = current as Contour | null
      if (c && (x !== c.start[0] || y !== c.start[1])) add('L', [], c.start)
      current = null
    }
  })
  return contours.filter((c) => c.segments.length > 0)
}

const area = (polygon: readonly Point[]) => {
  let sum = 0
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!
    const [x2, y2] = polygon[(i + 1) % polygon.length]!
    sum += x1 * y2 - x2 * y1
  }
  return sum / 2
}

function inside(point: Point, polygon: readonly Point[]): boolean {
  let odd = false
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!
    const [xj, yj] = polygon[j]!
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi)
      odd = !odd
  }
  return odd
}

const fmt = (p: Point) => `${Math.round(p[0] * 100) / 100} ${Math.round(p[1] * 100) / 100}`

function write(contour: Contour, reversed: boolean): string {
  if (!reversed) {
    const body = contour.segments.map((s) => `${s.kind}${[...s.controls, s.to].map(fmt).join(' ')}`)
    return `M${fmt(contour.start)}${body.join('')}Z`
  }
  const last = contour.segments.at(-1)!.to
  const body = [...contour.segments]
    .reverse()
    .map((s) => `${s.kind}${[...[...s.controls].reverse(), s.from].map(fmt).join(' ')}`)
  return `M${fmt(last)}${body.join('')}Z`
}

/** The path's closed contours as path data; even-odd ones turned for non-zero filling. */
export function fillContours(path: PathOf, evenOdd: boolean): string[] {
  const contours = contoursOf(path)
  if (!evenOdd) return contours.map((c) => write(c, false))
  return contours.map((contour, i) => {
    const probe = contour.polygon[0]!
    let depth = 0
    for (const [j, other] of contours.entries()) if (j !== i && inside(probe, other.polygon)) depth++
    const wanted = depth % 2 === 0 ? 1 : -1
    return write(contour, Math.sign(area(contour.polygon)) !== wanted)
  })
}
