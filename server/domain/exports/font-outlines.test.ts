// The icon font's outlines (ADR 0105): even-odd holes survive the font's non-zero fill, and a stroke
// becomes pieces that all turn the same way (so non-zero unites them), with its caps and joins.
import svgpath from 'svgpath'
import { describe, expect, test } from 'vitest'
import { fillContours } from './font-contours.ts'
import { strokeContours } from './font-strokes.ts'

/** The signed area of each contour of path data (lines only, or curve ends: enough for the sign). */
function areas(path: string): number[] {
  const out: number[] = []
  let points: [number, number][] = []
  const close = () => {
    if (points.length < 3) return
    let sum = 0
    for (let i = 0; i < points.length; i++) {
      const [x1, y1] = points[i]!
      const [x2, y2] = points[(i + 1) % points.length]!
      sum += x1 * y2 - x2 * y1
    }
    out.push(sum / 2)
    points = []
  }
  svgpath(path)
    .abs()
    .iterate((segment) => {
      const [command, ...n] = segment as [string, ...number[]]
      if (command === 'M') close()
      if (command === 'Z') return close()
      if (n.length >= 2) points.push([n[n.length - 2]!, n[n.length - 1]!])
    })
  close()
  return out
}

describe('icon font outlines', () => {
  test('an even-odd ring drawn twice the same way keeps its hole: the inner contour turns round', () => {
    const square = (x: number, size: number) => `M${x} ${x}H${x + size}V${x + size}H${x}Z`
    const [outer, inner] = fillContours(`${square(0, 100)}${square(25, 50)}`, true).map((c) => areas(c)[0]!)
    expect(Math.sign(outer!)).toBe(-Math.sign(inner!))
    // Non-zero paths are left as drawn.
    const same = fillContours(`${square(0, 100)}${square(25, 50)}`, false).map((c) => areas(c)[0]!)
    expect(Math.sign(same[0]!)).toBe(Math.sign(same[1]!))
  })

  test('a stroke: a quad per segment, round caps and joins as discs, every piece turning alike', () => {
    const identity = (p: [number, number]): [number, number] => p
    const line = strokeContours(
      'M5 12H19',
      { width: 2, cap: 'round', join: 'round', miterLimit: 4 },
      0.01,
      identity,
    )
    expect(line).toHaveLength(3)
    const corner = strokeContours(
      'M4 4L12 4L12 12',
      { width: 2, cap: 'butt', join: 'miter', miterLimit: 4 },
      0.01,
      identity,
    )
    // Two quads and the miter's kite, reaching the corner's outer point (13, 3).
    expect(corner).toHaveLength(3)
    expect(corner[2]).toContain('13 3')
    const all = [
      ...line,
      ...corner,
      ...strokeContours(
        svgpath('M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0z').abs().unarc().toString(),
        { width: 2, cap: 'butt', join: 'round', miterLimit: 4 },
        0.01,
        identity,
      ),
    ]
    const signs = new Set(all.flatMap((c) => areas(c).map(Math.sign)))
    expect([...signs]).toEqual([1])
    // A miter past its limit is a bevel: a hairpin's join has no point.
    const hairpin = strokeContours(
      'M0 0L10 0L0 1',
      { width: 2, cap: 'butt', join: 'miter', miterLimit: 4 },
      0.01,
      identity,
    )
    expect(areas(hairpin[2]!)).toHaveLength(1)
    expect(hairpin[2]!.match(/L/g)).toHaveLength(2)
  })

  test('a smooth stroke is one band, not a piece per flattened segment, and covers the same ring', () => {
    const identity = (p: [number, number]): [number, number] => p
    const ring = strokeContours(
      svgpath('M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0z').abs().unarc().toString(),
      { width: 2, cap: 'butt', join: 'round', miterLimit: 4 },
      0.01,
      identity,
    )
    // The band (cut where the ring starts) and the join kept there.
    expect(ring.length).toBeLessThanOrEqual(2)
    const covered = ring.flatMap(areas).reduce((sum, a) => sum + Math.abs(a), 0)
    // Between the circles of radius 11 and 9: 40π, within the flattening's error.
    expect(covered).toBeGreaterThan(40 * Math.PI * 0.99)
    expect(covered).toBeLessThan(40 * Math.PI * 1.01)
  })
})
