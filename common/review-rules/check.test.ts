// The review checker on real icons: every Lucide icon, stored as the pipeline stores it, passes the
// `lucide` preset, and fails it once its strokes are 1.5 wide; Material Design Icons and Phosphor's
// fill variants pass the `filled` preset's paint rules; each rule passes and fails real drawings, and
// says what and where.
import { describe, expect, it } from 'vitest'
import type { ReviewRuleId, ReviewRules, RuleCheck } from '../schemas/review-rules.ts'
import { importSvg } from '../svg/index.ts'
import { checkSvg, NO_RULES, PRESET_RULES, withChanges } from './index.ts'
import { iconSet } from './test-support.ts'

const stored = (svg: string) => {
  const result = importSvg(svg)
  if ('error' in result) throw new Error(result.error)
  return result.svg
}
const lucide = iconSet('lucide')
const byName = (name: string) => stored(lucide.find((i) => i.name === name)!.svg)
const only = (rule: ReviewRuleId, settings: Partial<ReviewRules[ReviewRuleId]> = {}): ReviewRules =>
  withChanges(NO_RULES, { [rule]: { enabled: true, ...settings } })
const one = (svg: string, rules: ReviewRules): RuleCheck => {
  const [check, ...rest] = checkSvg(svg, rules)
  expect(rest).toEqual([])
  return check!
}
const failures = (checks: RuleCheck[]) => checks.filter((c) => !c.ok).map((c) => `${c.rule}: ${c.message}`)

describe('the lucide preset', () => {
  const icons = lucide.map((icon) => ({ name: icon.name, svg: stored(icon.svg) }))

  it('passes every Lucide icon as stored', () => {
    expect(icons.length).toBeGreaterThan(1500)
    const failed = icons.flatMap((icon) =>
      failures(checkSvg(icon.svg, PRESET_RULES.lucide)).map((f) => `${icon.name} ${f}`),
    )
    expect(failed).toEqual([])
    expect(checkSvg(icons[0]!.svg, PRESET_RULES.lucide).map((c) => c.rule)).toEqual([
      'view_box',
      'stroke_width',
      'caps_joins',
      'fill',
      'no_raster_or_text',
      'precision',
      'live_area',
    ])
  })

  it('fails every Lucide icon redrawn at stroke 1.5 on stroke_width, naming the element', () => {
    const thin = icons.map((icon) => ({
      name: icon.name,
      svg: icon.svg.replaceAll('stroke-width="2"', 'stroke-width="1.5"'),
    }))
    const passing = thin.filter(
      (icon) => checkSvg(icon.svg, PRESET_RULES.lucide).find((c) => c.rule === 'stroke_width')?.ok,
    )
    expect(passing.map((i) => i.name)).toEqual([])
    const check = checkSvg(
      byName('activity').replace('stroke-width="2"', 'stroke-width="1.5"'),
      PRESET_RULES.lucide,
    )
    expect(check.find((c) => c.rule === 'stroke_width')).toEqual({
      rule: 'stroke_width',
      ok: false,
      message: 'path 1: stroke-width 1.5, allowed 2',
      elements: [[0]],
    })
  })
})

describe('the filled preset', () => {
  const filled = [...iconSet('mdi'), ...iconSet('ph', (name) => name.endsWith('-fill'))]
  const paint = withChanges(PRESET_RULES.filled, { view_box: { enabled: false } })

  it('passes Material Design Icons and Phosphor fill icons on its paint rules', () => {
    expect(filled.length).toBeGreaterThan(8000)
    const failed = filled.flatMap((icon) =>
      failures(checkSvg(icon.svg, paint)).map((f) => `${icon.name} ${f}`),
    )
    expect(failed).toEqual([])
    expect(checkSvg(filled[0]!.svg, paint).map((c) => c.rule)).toEqual([
      'fill',
      'no_raster_or_text',
      'precision',
    ])
  })

  it('passes a Material Design icon on every rule, and fails it painted black or at 256', () => {
    const account = iconSet('mdi', (n) => n === 'account')[0]!.svg
    expect(failures(checkSvg(stored(account), PRESET_RULES.filled))).toEqual([])
    expect(failures(checkSvg(account.replace('currentColor', '#000'), PRESET_RULES.filled))).toEqual([
      'fill: path 1: fill #000, expected currentColor',
    ])
    const house = iconSet('ph', (n) => n === 'house-fill')[0]!.svg
    expect(failures(checkSvg(house, PRESET_RULES.filled))).toEqual([
      'view_box: svg: view box 0 0 256 256, expected 0 0 24 24',
    ])
  })
})

describe('each rule', () => {
  it('view_box: the view box is 0 0 size size', () => {
    expect(one(byName('house'), only('view_box', { size: 24 })).ok).toBe(true)
    expect(one(byName('house'), only('view_box', { size: 16 }))).toMatchObject({ ok: false, elements: [[]] })
  })

  it('stroke_width: an inherited width counts', () => {
    const house = byName('house') // <g stroke-width="2"><path/><path/></g>
    expect(one(house, only('stroke_width', { allowed: [2] })).ok).toBe(true)
    expect(one(house, only('stroke_width', { allowed: [1, 1.5] }))).toEqual({
      rule: 'stroke_width',
      ok: false,
      message: 'path 1: stroke-width 2, allowed 1 or 1.5; path 2: stroke-width 2, allowed 1 or 1.5',
      elements: [
        [0, 0],
        [0, 1],
      ],
    })
  })

  it('caps_joins: each stroked element has the cap and join asked', () => {
    const butt = byName('activity').replace('stroke-linecap="round"', 'stroke-linecap="butt"')
    expect(one(byName('activity'), only('caps_joins')).ok).toBe(true)
    expect(one(butt, only('caps_joins')).message).toBe('path 1: stroke-linecap butt, expected round')
    expect(one(butt, only('caps_joins', { cap: 'butt', join: 'miter' })).message).toBe(
      'path 1: stroke-linejoin round, expected miter',
    )
  })

  it('fill: none refuses filled shapes but not dots their stroke covers; currentColor and palette', () => {
    const mdi = iconSet('mdi', (n) => n === 'account')[0]!.svg
    expect(one(byName('chart-scatter'), only('fill', { policy: 'none' })).ok).toBe(true)
    expect(one(mdi, only('fill', { policy: 'none' })).message).toBe(
      'path 1: filled with currentColor, outline icons have no fill',
    )
    expect(one(byName('house'), only('fill', { policy: 'current_color' })).ok).toBe(true)
    const red = mdi.replace('currentColor', '#F00')
    expect(one(red, only('fill', { policy: 'palette', palette: ['#ff0000'] })).ok).toBe(true)
    expect(one(red, only('fill', { policy: 'palette', palette: ['#00ff00'] })).message).toBe(
      'path 1: fill #F00, expected a palette colour (#00ff00)',
    )
  })

  it('no_raster_or_text: text and images are refused', () => {
    const text = byName('house').replace('</svg>', '<text x="2" y="20">A</text></svg>')
    expect(one(byName('house'), only('no_raster_or_text')).ok).toBe(true)
    expect(one(text, only('no_raster_or_text'))).toMatchObject({
      ok: false,
      message: 'text 1: text is not drawn with shapes',
      elements: [[1]],
    })
  })

  it('precision: the number with too many decimals is named', () => {
    expect(one(byName('house'), only('precision', { max_decimals: 3 })).ok).toBe(true)
    expect(one(byName('house'), only('precision', { max_decimals: 2 }))).toEqual({
      rule: 'precision',
      ok: false,
      message: 'path 2: d has .709, at most 2 decimals',
      elements: [[0, 1]],
    })
  })

  it('max_elements: counts every element under the root', () => {
    const wide = byName('chart-scatter') // a group with six shapes: seven elements
    expect(one(wide, only('max_elements', { max: 7 })).ok).toBe(true)
    const check = one(wide, only('max_elements', { max: 5 }))
    expect(check.ok).toBe(false)
    expect(check.message).toMatch(/^7 elements, at most 5; /)
    expect(check.elements).toEqual([
      [0, 4],
      [0, 5],
    ])
  })

  it('live_area: the stroke counts, as far as it reaches', () => {
    const circle = byName('circle') // r 10 around 12 12, stroke 2: reaches 1 to 23
    expect(one(circle, only('live_area', { padding: 1 })).ok).toBe(true)
    expect(one(circle, only('live_area', { padding: 1.5 })).message).toBe(
      'circle 1: left edge at x 1, top edge at y 1, right edge at x 23, bottom edge at y 23, outside 1.5 1.5 to 22.5 22.5',
    )
    const moved = circle.replace('<circle', '<circle transform="translate(1 0)"')
    expect(one(moved, only('live_area', { padding: 1 })).message).toMatch(/^circle 1: right edge at x 24,/)
  })
})
