// An axis-aligned bounding box that grows point by point, and Bézier extrema for exact bounds.
export class Box {
  minX = Number.POSITIVE_INFINITY
  minY = Number.POSITIVE_INFINITY
  maxX = Number.NEGATIVE_INFINITY
  maxY = Number.NEGATIVE_INFINITY

  add(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return
    if (x < this.minX) this.minX = x
    if (y < this.minY) this.minY = y
    if (x > this.maxX) this.maxX = x
    if (y > this.maxY) this.maxY = y
  }

  /** Adds a box grown by `margin` on every side. */
  addBox(other: Box, margin = 0): void {
    if (other.empty) return
    this.add(other.minX - margin, other.minY - margin)
    this.add(other.maxX + margin, other.maxY + margin)
  }

  get empty(): boolean {
    return this.minX > this.maxX
  }
}

/** Parameters in (0, 1) where one coordinate of a cubic Bézier has a local extremum. */
export function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  const a = -p0 + 3 * p1 - 3 * p2 + p3
  const b = 2 * (p0 - 2 * p1 + p2)
  const c = p1 - p0
  const roots: number[] = []
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b)
  } else {
    const disc = b * b - 4 * a * c
    if (disc >= 0) {
      const sq = Math.sqrt(disc)
      roots.push((-b + sq) / (2 * a), (-b - sq) / (2 * a))
    }
  }
  return roots.filter((t) => t > 0 && t < 1)
}

export const cubicAt = (p0: number, p1: number, p2: number, p3: number, t: number) => {
  const u = 1 - t
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
}
