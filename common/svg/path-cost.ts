// What the optimiser's path steps will cost, checked before they run: svgo's convertPathData
// grows with the square of one path's segments (it copies a run of same commands once per
// segment), so one path, all paths together and one path's data each have a limit.

import { MAX_PATH_DATA_LENGTH, MAX_PATH_SEGMENTS, MAX_SVG_PATH_SEGMENTS, SvgError } from './errors.ts'
import type { SvgElement } from './tree.ts'

/** Numbers each segment of a path command takes, by character code; -1: not a command. */
const ARGUMENTS = new Int8Array(128).fill(-1)
for (const [commands, argc] of [
  ['MmLlTt', 2],
  ['HhVv', 1],
  ['Cc', 6],
  ['SsQq', 4],
  ['Aa', 7],
  ['Zz', 0],
] as const)
  for (const command of commands) ARGUMENTS[command.charCodeAt(0)] = argc

const isDigit = (c: number): boolean => c >= 48 && c <= 57

/**
 * Segments in path data: each command counts once for every full set of its numbers (implicit
 * repeats included), at least once. One linear pass over character codes; malformed data is
 * counted as far as it goes. Arc flags written without separators (`a1 1 0 011 1`) read as
 * fewer numbers: an undercount of at most a third for arcs.
 */
export function countPathSegments(d: string): number {
  let segments = 0
  let argc = -1 // before the first command
  let numbers = 0
  const n = d.length
  for (let i = 0; i < n; ) {
    const c = d.charCodeAt(i)
    const command = c < 128 ? (ARGUMENTS[c] as number) : -1
    if (command >= 0) {
      if (argc >= 0) segments += argc === 0 ? 1 : Math.max(1, Math.ceil(numbers / argc))
      argc = command
      numbers = 0
      i++
    } else if (isDigit(c) || c === 46 || c === 43 || c === 45) {
      // A number: sign, digits with at most one dot, an exponent.
      let j = c === 43 || c === 45 ? i + 1 : i
      let digits = false
      let dot = false
      for (; j < n; j++) {
        const k = d.charCodeAt(j)
        if (isDigit(k)) digits = true
        else if (k === 46 && !dot) dot = true
        else break
      }
      if (digits) {
        numbers++
        const e = d.charCodeAt(j)
        if (e === 101 || e === 69) {
          let k = j + 1
          if (d.charCodeAt(k) === 43 || d.charCodeAt(k) === 45) k++
          if (isDigit(d.charCodeAt(k))) {
            while (isDigit(d.charCodeAt(k))) k++
            j = k
          }
        }
      }
      i = Math.max(j, i + 1)
    } else i++
  }
  if (argc >= 0) segments += argc === 0 ? 1 : Math.max(1, Math.ceil(numbers / argc))
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

/** Segments of an element's path data. */
const segmentsOf = (el: SvgElement, data: string): number =>
  el.attrs.has('d') ? countPathSegments(data) : pointSegments(data)

/**
 * Refuses a tree whose path data would make the optimiser slow. Throws SvgError. A path has
 * at most as many segments as characters, so short ones are counted only when their lengths
 * add up to more than the drawing's limit (most icons: never).
 */
export function checkPathCost(root: SvgElement): void {
  let counted = 0
  let bound = 0
  const short: [SvgElement, string][] = []
  const visit = (el: SvgElement): void => {
    const data = pathData(el)
    if (data !== undefined) {
      if (data.length <= MAX_PATH_SEGMENTS) {
        bound += data.length
        short.push([el, data])
      } else {
        const segments = segmentsOf(el, data)
        if (segments > MAX_PATH_SEGMENTS) throw new SvgError('path_too_complex')
        if (data.length > MAX_PATH_DATA_LENGTH) throw new SvgError('path_too_long')
        counted += segments
      }
    }
    for (const child of el.children) if (typeof child !== 'string') visit(child)
  }
  visit(root)
  if (counted + bound <= MAX_SVG_PATH_SEGMENTS) return
  let total = counted
  for (const [el, data] of short) total += segmentsOf(el, data)
  if (total > MAX_SVG_PATH_SEGMENTS) throw new SvgError('too_many_path_segments')
}
