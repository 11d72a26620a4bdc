// Bounds of path data under a transform: exact for lines and Bézier curves (extrema of the
// transformed curve), sampled for elliptical arcs.
import { type Box, cubicAt, cubicExtrema } from './box.ts'
import { apply, type Matrix } from './matrix.ts'
import { parsePath } from './path-data.ts'

type P = [number, number]

function addCubic(box: Box, m: Matrix, p0: P, p1: P, p2: P, p3: P): void {
  const [a, b, c, d] = [p0, p1, p2, p3].map((p) => apply(m, p[0], p[1])) as [P, P, P, P]
  box.add(a[0], a[1])
  box.add(d[0], d[1])
  for (const axis of [0, 1] as const) {
    for (const t of cubicExtrema(a[axis], b[axis], c[axis], d[axis])) {
      box.add(cubicAt(a[0], b[0], c[0], d[0], t), cubicAt(a[1], b[1], c[1], d[1], t))
    }
  }
}

/** Arc endpoint parameters → points along the arc (SVG 1.1 appendix F.6). */
function arcPoints(from: P, rx: number, ry: number, angle: number, large: number, sweep: number, to: P): P[] {
  rx = Math.abs(rx)
  ry = Math.abs(ry)
  if (rx === 0 || ry === 0) return [to]
  const phi = (angle * Math.PI) / 180
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)]
  const dx = (from[0] - to[0]) / 2
  const dy = (from[1] - to[1]) / 2
  const x1 = cos * dx + sin * dy
  const y1 = -sin * dx + cos * dy
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
  if (lambda > 1) {
    rx *= Math.sqrt(lambda)
    ry *= Math.sqrt(lambda)
  }
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1
  const k = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den))
  const cx1 = (k * rx * y1) / ry
  const cy1 = (-k * ry * x1) / rx
  const cx = cos * cx1 - sin * cy1 + (from[0] + to[0]) / 2
  const cy = sin * cx1 + cos * cy1 + (from[1] + to[1]) / 2
  const theta = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
  let delta = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta
  if (sweep && delta < 0) delta += 2 * Math.PI
  if (!sweep && delta > 0) delta -= 2 * Math.PI
  const steps = 32
  const points: P[] = []
  for (let s = 1; s <= steps; s++) {
    const t = theta + (delta * s) / steps
    const ex = rx * Math.cos(t)
    const ey = ry * Math.sin(t)
    points.push([cos * ex - sin * ey + cx, sin * ex + cos * ey + cy])
  }
  return points
}

/** Adds the path's geometry, transformed by `m`, to `box`. */
export function addPathBounds(box: Box, d: string, m: Matrix): void {
  let cur: P = [0, 0]
  let start: P = [0, 0]
  let ctrl: P | null = null
  let prev = ''
  const point = (x: number, y: number): void => {
    const [tx, ty] = apply(m, x, y)
    box.add(tx, ty)
  }
  for (const { cmd, args } of parsePath(d)) {
    const rel = cmd === cmd.toLowerCase()
    const C = cmd.toUpperCase()
    const at = (i: number): P => [args[i]! + (rel ? cur[0] : 0), args[i + 1]! + (rel ? cur[1] : 0)]
    let next: P = cur
    let nextCtrl: P | null = null
    if (C === 'M') {
      next = at(0)
      start = next
      point(...next)
    } else if (C === 'L' || C === 'T' || C === 'H' || C === 'V') {
      if (C === 'H') next = [args[0]! + (rel ? cur[0] : 0), cur[1]]
      else if (C === 'V') next = [cur[0], args[0]! + (rel ? cur[1] : 0)]
      else next = at(0)
      if (C === 'T') {
        const q: P = ctrl && /[QT]/.test(prev) ? [2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]] : cur
        addCubic(box, m, cur, mix(cur, q), mix(next, q), next)
        nextCtrl = q
      } else point(...next)
    } else if (C === 'Q') {
      const q = at(0)
      next = at(2)
      addCubic(box, m, cur, mix(cur, q), mix(next, q), next)
      nextCtrl = q
    } else if (C === 'C' || C === 'S') {
      const c1: P =
        C === 'C' ? at(0) : ctrl && /[CS]/.test(prev) ? [2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]] : cur
      const c2 = C === 'C' ? at(2) : at(0)
      next = C === 'C' ? at(4) : at(2)
      addCubic(box, m, cur, c1, c2, next)
      nextCtrl = c2
    } else if (C === 'A') {
      next = at(5)
      for (const p of arcPoints(cur, args[0]!, args[1]!, args[2]!, args[3]!, args[4]!, next)) point(...p)
    } else if (C === 'Z') next = start
    ctrl = nextCtrl
    prev = C
    cur = next
  }
}

/** The cubic control point equivalent to a quadratic one (2/3 of the way). */
const mix = (end: P, q: P): P => [end[0] + (2 / 3) * (q[0] - end[0]), end[1] + (2 / 3) * (q[1] - end[1])]
