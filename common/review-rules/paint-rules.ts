// The rules on how shapes are painted: stroke widths, line caps and joins, and what fills and
// strokes may be (no fill, currentColor only, or a palette). Each returns the offenders with what
// is wrong with each ("path 3: stroke-width 1.5, allowed 2").
import type { ReviewRules } from '../schemas/review-rules.ts'
import { shapeBox } from './bounds.ts'
import { type DrawnElement, foldColor, isNone, strokeWidthOf } from './drawn-elements.ts'

export type Offence = { element: DrawnElement; what: string }

const stroked = (e: DrawnElement) => e.drawn && !isNone(e.paint.stroke)
/** A line has no inside: its fill paints nothing. */
const filled = (e: DrawnElement) => e.drawn && e.el.name !== 'line' && !isNone(e.paint.fill)
const sameWidth = (a: number, b: number) => Math.abs(a - b) < 1e-9

export function strokeWidthOffences(elements: DrawnElement[], rule: ReviewRules['stroke_width']): Offence[] {
  const allowed = rule.allowed.join(' or ')
  return elements.flatMap((element) => {
    if (!stroked(element)) return []
    const width = strokeWidthOf(element.paint)
    return rule.allowed.some((w) => sameWidth(w, width))
      ? []
      : [{ element, what: `stroke-width ${element.paint['stroke-width']}, allowed ${allowed}` }]
  })
}

export function capsJoinsOffences(elements: DrawnElement[], rule: ReviewRules['caps_joins']): Offence[] {
  return elements.flatMap((element) => {
    if (!stroked(element)) return []
    const wrong: string[] = []
    const cap = element.paint['stroke-linecap']
    const join = element.paint['stroke-linejoin']
    if (cap !== rule.cap) wrong.push(`stroke-linecap ${cap}, expected ${rule.cap}`)
    if (join !== rule.join) wrong.push(`stroke-linejoin ${join}, expected ${rule.join}`)
    return wrong.length ? [{ element, what: wrong.join(', ') }] : []
  })
}

/**
 * A dot: filled with its stroke's paint and no wider than the stroke in one direction, so the stroke
 * covers the fill (Lucide draws its dots so: r .5 under a stroke of 2). It looks drawn, not filled.
 */
function coveredByStroke(e: DrawnElement): boolean {
  if (isNone(e.paint.stroke) || foldColor(e.paint.stroke) !== foldColor(e.paint.fill)) return false
  const width = strokeWidthOf(e.paint)
  const box = Number.isFinite(width) ? shapeBox(e.el, e.transform, 0) : null
  return !!box && Math.min(box.maxX - box.minX, box.maxY - box.minY) <= width + 1e-9
}

export function fillOffences(elements: DrawnElement[], rule: ReviewRules['fill']): Offence[] {
  return elements.flatMap((element): Offence[] => {
    const { fill, stroke } = element.paint
    if (rule.policy === 'none')
      return filled(element) && !coveredByStroke(element)
        ? [{ element, what: `filled with ${fill}, outline icons have no fill` }]
        : []
    const wrong: string[] = []
    const allowed = (color: string) =>
      rule.policy === 'current_color'
        ? foldColor(color) === 'currentColor'
        : rule.palette.includes(foldColor(color))
    const expected =
      rule.policy === 'current_color' ? 'currentColor' : `a palette colour (${rule.palette.join(', ')})`
    if (filled(element) && !allowed(fill)) wrong.push(`fill ${fill}, expected ${expected}`)
    if (stroked(element) && !allowed(stroke)) wrong.push(`stroke ${stroke}, expected ${expected}`)
    return wrong.length ? [{ element, what: wrong.join(', ') }] : []
  })
}
