// What the optimiser's path steps will cost, checked before they run: svgo's convertPathData
// grows with the square of one path's segments (it copies a run of same commands once per
// segment), so one path, all paths together and one path's data each have a limit.

import { MAX_PATH_DATA_LENGTH, MAX_PATH_SEGMENTS, MAX_SVG_PATH_SEGMENTS, SvgError } from './errors.ts'
import type { SvgElement } from './tree.ts'

/** Numbers each segment of a path command takes. */
const ARGUMENTS: Record<string, number> = { m: 2, l: 2, t: 2, h: 1, v: 1, c: 6, s: 4, q: 4, a: 7, z: 0 }

const COMMAND = /[MLTHVCSQAZmltvhcsqaz]/
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y

/**
 * Segments in path data: each command counts once for every full set of its numbers (implicit
 * repeats included), at least once. One linear pass; malformed data is counted as far as it goes.
 * Arc flags written without separators (`a1 1 0 011 1`) read as fewer numbers: an undercount of
 * at most a third for arcs.
 */
export function countPathSegments(d: string): number {
  let segments = 0
  let argc = -1 // before the first command
  let numbers = 0
  const close = (): void => {
    if (argc >= 0) segments += argc === 0 ? 1 : Math.max(1, Math.ceil(numbers / argc))
  }
  for (let i = 0; i < d.length; ) {
    const c = d[i] as string
    if (COMMAND.test(c)) {
      close()
      argc = ARGUMENTS[c.toLowerCase()] as number
      numbers = 0
      i++
      continue
    }
    NUMBER.lastIndex = i
    if (NUMBER.test(d)) {
      numbers++
      i = NUMBER.lastIndex
    } else i++
  }
  close()
  return segments
}

/** Segments in polyline/polygon points: one per coordinate pair. */
function pointSegments(points: string): number {
  return Math.ceil((points.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g)?.length ?? 0) / 2)
}

/** The path data of an element, if any: `d`, or `points` of a polyline or polygon. */
function pathData(el: SvgElement): string | undefined {
  return (
    el.attrs.get('d') ??
    (el.name === 'polyline' || el.name === 'polygon' ? el.attrs.get('points') : undefined)
  )
}

/** Refuses a tree whose path data would make the optimiser slow. Throws SvgError. */
export function checkPathCost(root: SvgElement): void {
  let total = 0
  const visit = (el: SvgElement): void => {
    const data = pathData(el)
    if (data !== undefined) {
      const segments = el.attrs.has('d') ? countPathSegments(data) : pointSegments(data)
      if (segments > MAX_PATH_SEGMENTS) throw new SvgError('path_too_complex')
      if (data.length > MAX_PATH_DATA_LENGTH) throw new SvgError('path_too_long')
      total += segments
      if (total > MAX_SVG_PATH_SEGMENTS) throw new SvgError('too_many_path_segments')
    }
    for (const child of el.children) if (typeof child !== 'string') visit(child)
  }
  visit(root)
}
