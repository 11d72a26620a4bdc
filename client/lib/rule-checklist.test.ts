import { PRESET_RULES } from '@common/review-rules/index.ts'
import { readSvg, type SvgElement } from '@common/svg/index.ts'
import { expect, test } from 'vitest'
import {
  checkDrawing,
  checklistItems,
  failingRules,
  HIGHLIGHT_INK,
  highlightedSvg,
} from './rule-checklist.ts'

const lucide = PRESET_RULES.lucide
// A Lucide-like drawing whose second path is 1.5 wide (its paint inherited from the root).
const thin =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M4 12h16"/><path d="M12 4v16" stroke-width="1.5"/></svg>'

const elements = (root: SvgElement): SvgElement[] =>
  root.children.filter((c): c is SvgElement => typeof c !== 'string')

test('each enabled rule is a row with its label, verdict, message and offenders, in the rules order', () => {
  const outcome = checkDrawing(thin, lucide)
  expect(outcome.error).toBeNull()
  const items = checklistItems(outcome.checks)
  expect(items.map((i) => i.rule)).toEqual([
    'view_box',
    'stroke_width',
    'caps_joins',
    'fill',
    'no_raster_or_text',
    'precision',
    'live_area',
  ])
  const stroke = items.find((i) => i.rule === 'stroke_width')
  expect(stroke).toEqual({
    rule: 'stroke_width',
    label: 'Stroke width',
    ok: false,
    message: 'path 2: stroke-width 1.5, allowed 2',
    elements: [[1]],
  })
  expect(items.filter((i) => i.rule !== 'stroke_width').every((i) => i.ok)).toBe(true)
  expect(failingRules(outcome.checks)).toEqual(['stroke_width'])
})

test('a drawing the pipeline refuses answers its message, and no rows', () => {
  const outcome = checkDrawing('<svg xmlns="http://www.w3.org/2000/svg"', lucide)
  expect(outcome.checks).toEqual([])
  expect(outcome.error).toEqual(expect.any(String))
})

test('the offenders are tinted with a halo under them; the rest fade; the markup stays the pipeline s', () => {
  const marked = highlightedSvg(thin, [[1]])
  const root = readSvg(marked)
  const [first, halo, offender] = elements(root)
  expect(first?.attrs.get('opacity')).toBe('0.35')
  expect(halo?.attrs.get('class')).toBe('review-highlight-halo')
  expect(halo?.attrs.get('d')).toBe('M12 4v16')
  expect(halo?.attrs.get('stroke')).toBe(HIGHLIGHT_INK)
  expect(offender?.attrs.get('class')).toBe('review-highlight-offender')
  // stroked by inheritance: the stroke is tinted; fill none inherited: not filled
  expect(offender?.attrs.get('stroke')).toBe(HIGHLIGHT_INK)
  expect(offender?.attrs.has('fill')).toBe(false)
  expect(offender?.attrs.get('stroke-width')).toBe('1.5')
  // read again through the allowlist, it is what was written
  expect(readSvg(marked)).toEqual(root)
})

test('the view box failing frames the view box; nothing to mark leaves the markup as it is', () => {
  const wide = thin.replace('0 0 24 24', '0 0 32 32')
  const outcome = checkDrawing(wide, lucide)
  const viewBox = outcome.checks.find((c) => c.rule === 'view_box')
  expect(viewBox?.elements).toEqual([[]])
  const root = readSvg(highlightedSvg(wide, viewBox?.elements ?? []))
  const frame = elements(root).at(-1)
  expect(frame?.attrs.get('class')).toBe('review-highlight-view-box')
  expect(frame?.attrs.get('width')).toBe('32')
  expect(highlightedSvg(thin, [])).toBe(thin)
})

test('a filled offender inside a group is filled in the highlight, a style over its paint is dropped', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g><rect x="2" y="2" width="4" height="4" style="fill:#00f"/></g></svg>'
  const outcome = checkDrawing(svg, lucide)
  const fill = outcome.checks.find((c) => c.rule === 'fill')
  expect(fill?.ok).toBe(false)
  expect(fill?.elements).toEqual([[0, 0]])
  const group = elements(readSvg(highlightedSvg(svg, fill?.elements ?? [])))[0]
  const [halo, rect] = group ? elements(group) : []
  expect(group?.attrs.has('opacity')).toBe(false)
  expect(halo?.attrs.get('class')).toBe('review-highlight-halo')
  expect(rect?.attrs.get('fill')).toBe(HIGHLIGHT_INK)
  expect(rect?.attrs.get('style') ?? '').not.toMatch(/fill/)
})
