// Stored drawings measured in the SVG pool's workers for the duplicate index (near-index.ts, ADR 0113).
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import type { Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'

/**
 * Stored drawings measured in the pool, a group of up to 50 at a time; null where one cannot be drawn.
 * A group the pool refuses (past its CPU deadline, a worker lost) is measured drawing by drawing, and
 * a drawing refused alone has no measure (null: it takes no part in near duplicates), so a write is
 * never failed by its duplicate check; only the pool's busy answers (429, 503) are thrown.
 */
export async function measureMany(
  deps: Pick<Deps, 'svg'>,
  svgs: string[],
  lane: string,
): Promise<(DrawingMeasure | null)[]> {
  const measure = async (group: string[]): Promise<(DrawingMeasure | null)[]> => {
    try {
      return await deps.svg.measure(group, lane)
    } catch (error) {
      if (error instanceof ApiError) throw error
      if (group.length === 1) return [null]
      const one: (DrawingMeasure | null)[] = []
      for (const svg of group) one.push(...(await measure([svg])))
      return one
    }
  }
  const out: (DrawingMeasure | null)[] = []
  for (let at = 0; at < svgs.length; at += 50) out.push(...(await measure(svgs.slice(at, at + 50))))
  return out
}
