// 2D affine matrices [a, b, c, d, e, f] (SVG's matrix() order) and the SVG transform syntax.
export type Matrix = readonly [number, number, number, number, number, number]

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/** m × n: apply n first, then m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

export const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
]

export const translation = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y]
export const scaling = (sx: number, sy = sx): Matrix => [sx, 0, 0, sy, 0, 0]

/** Rotation by `degrees` (clockwise on screen) about (cx, cy); quarter turns are exact. */
export function rotation(degrees: number, cx = 0, cy = 0): Matrix {
  const quarter = ((degrees % 360) + 360) % 360
  const exact: Record<number, [number, number]> = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] }
  const rad = (degrees * Math.PI) / 180
  const [cos, sin] = exact[quarter] ?? [Math.cos(rad), Math.sin(rad)]
  return multiply(translation(cx, cy), multiply([cos, sin, -sin, cos, 0, 0], translation(-cx, -cy)))
}

/** How much the matrix scales lengths, on average (square root of the area factor). */
export const scaleOf = (m: Matrix) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]))

export const isIdentity = (m: Matrix, epsilon = 1e-9) =>
  m.every((v, i) => Math.abs(v - IDENTITY[i]!) < epsilon)

const FUNCTION = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?\s*/gy

/** Parses a transform list; null when it is not valid SVG transform syntax. */
export function parseTransform(text: string | undefined): Matrix | null {
  const source = (text ?? '').trim()
  let m = IDENTITY
  FUNCTION.lastIndex = 0
  while (FUNCTION.lastIndex < source.length) {
    const match = FUNCTION.exec(source)
    if (!match) return null
    const n = (match[2] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number)
    if (n.some((v) => !Number.isFinite(v))) return null
    const [p = 0, q, r] = n
    const part = ((): Matrix | null => {
      switch (match[1]) {
        case 'matrix':
          return n.length === 6 ? (n as unknown as Matrix) : null
        case 'translate':
          return translation(p, q ?? 0)
        case 'scale':
          return scaling(p, q ?? p)
        case 'rotate':
          return rotation(p, q ?? 0, r ?? 0)
        case 'skewX':
          return [1, 0, Math.tan((p * Math.PI) / 180), 1, 0, 0]
        default:
          return [1, Math.tan((p * Math.PI) / 180), 0, 1, 0, 0]
      }
    })()
    if (!part) return null
    m = multiply(m, part)
  }
  return m
}

/** Short decimal text: at most 4 decimals, no trailing zeros, no "-0". */
export function num(value: number, decimals = 4): string {
  const rounded = Number(value.toFixed(decimals))
  return String(Object.is(rounded, -0) ? 0 : rounded)
}

export const formatMatrix = (m: Matrix) => `matrix(${m.map((v) => num(v, 6)).join(' ')})`
