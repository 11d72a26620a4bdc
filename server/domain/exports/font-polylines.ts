// The lines a stroke follows (font-strokes.ts, ADR 0105): absolute path data flattened into one
// polyline a subpath, curves cut into even steps, few enough to be cheap and enough that the line
// stays within the tolerance given of the curve.
import svgpath from 'svgpath'

export type Point = [number, number]

/** Path data, or a path svgpath has read (and transformed) already. */
export type PathOf = string | ReturnType<typeof svgpath>

/** The subpaths of absolute, arc-free, shorthand-free path data as polylines (those that draw). */
export function polylines(path: PathOf, tolerance: number): { points: Point[]; closed: boolean }[] {
  type Line = { points: Point[]; closed: boolean; drawn: boolean }
  const lines: Line[] = []
  let current: Line | null = null
  // Steps enough that the polyline stays within `tolerance` of the curve (Wang's formula: the
  // error of n even steps is at most an eighth of the second derivative's bound over n squared).
  const steps = (p: readonly Point[]) => {
    let bend = 0
    for (let i = 0; i + 2 < p.length; i++)
      bend = Math.max(
        bend,
        Math.hypot(p[i]![0] - 2 * p[i + 1]![0] + p[i + 2]![0], p[i]![1] - 2 * p[i + 1]![1] + p[i + 2]![1]),
      )
    const degree = p.length - 1
    return Math.min(64, Math.max(1, Math.ceil(Math.sqrt((degree * (degree - 1) * bend) / (8 * tolerance)))))
  }
  ;(typeof path === 'string' ? svgpath(path) : path).iterate((segment, _i, x, y) => {
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
      const count = steps(p)
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
