// The rules on what a drawing is made of and where it lies: no images or text, how many decimals its
// numbers carry, how many elements it has, and whether every shape (its stroke included) stays
// inside the view box minus the padding.
import type { ReviewRules } from '../schemas/review-rules.ts'
import { shapeBox } from './bounds.ts'
import { type DrawnElement, isNone, strokeWidthOf } from './drawn-elements.ts'
import type { Offence } from './paint-rules.ts'

const RASTER_OR_TEXT = new Set(['image', 'feImage', 'text', 'tspan', 'textPath', 'foreignObject'])

/** Attributes that carry the geometry's numbers. */
const NUMERIC = [
  'd',
  'points',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'transform',
]
const DECIMALS = /[-+]?(?:\d+\.(\d+)|\.(\d+))(?:[eE]([-+]?\d+))?/g

/** A float error smaller than this is no overshoot (curves' extremes are computed). */
const EPSILON = 1e-3

export function rasterOrTextOffences(elements: DrawnElement[]): Offence[] {
  return elements.flatMap((element) =>
    RASTER_OR_TEXT.has(element.el.name)
      ? [{ element, what: `${element.el.name} is not drawn with shapes` }]
      : [],
  )
}

/** The first number of `value` with more than `max` decimals, or null. */
function tooPrecise(value: string, max: number): string | null {
  for (const m of value.matchAll(DECIMALS)) {
    const digits = (m[1] ?? m[2] ?? '').length - Number(m[3] ?? 0)
    if (digits > max) return m[0]
  }
  return null
}

export function precisionOffences(elements: DrawnElement[], rule: ReviewRules['precision']): Offence[] {
  return elements.flatMap((element) => {
    for (const name of NUMERIC) {
      const value = element.el.attrs.get(name)
      const number = value === undefined ? null : tooPrecise(value, rule.max_decimals)
      if (number)
        return [
          {
            element,
            what: `${name} has ${number.replace(/^[-+]/, '')}, at most ${rule.max_decimals} decimals`,
          },
        ]
    }
    return []
  })
}

export function maxElementsOffences(elements: DrawnElement[], rule: ReviewRules['max_elements']): Offence[] {
  return elements.slice(rule.max).map((element) => ({ element, what: `beyond ${rule.max} elements` }))
}

const fmt = (n: number) => String(Math.round(n * 1000) / 1000)

export function liveAreaOffences(
  elements: DrawnElement[],
  viewBox: [number, number, number, number],
  rule: ReviewRules['live_area'],
): Offence[] {
  const [vx, vy, vw, vh] = viewBox
  const p = rule.padding
  const [left, top, right, bottom] = [vx + p, vy + p, vx + vw - p, vy + vh - p]
  return elements.flatMap((element) => {
    if (!element.drawn) return []
    const stroked = !isNone(element.paint.stroke)
    if (!stroked && (element.el.name === 'line' || isNone(element.paint.fill))) return []
    const width = stroked ? strokeWidthOf(element.paint) : 0
    const box = shapeBox(element.el, element.transform, Number.isFinite(width) ? width : 1)
    if (!box) return []
    const out: string[] = []
    if (box.minX < left - EPSILON) out.push(`left edge at x ${fmt(box.minX)}`)
    if (box.minY < top - EPSILON) out.push(`top edge at y ${fmt(box.minY)}`)
    if (box.maxX > right + EPSILON) out.push(`right edge at x ${fmt(box.maxX)}`)
    if (box.maxY > bottom + EPSILON) out.push(`bottom edge at y ${fmt(box.maxY)}`)
    if (!out.length) return []
    return [
      {
        element,
        what: `${out.join(', ')}, outside ${fmt(left)} ${fmt(top)} to ${fmt(right)} ${fmt(bottom)}`,
      },
    ]
  })
}
