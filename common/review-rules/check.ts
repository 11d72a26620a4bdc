// The review checker (ADR 0110): a drawing's stored markup (or the tree the pipeline built) against a
// workspace's rules, one verdict per enabled rule, in the rules' order: `{ rule, ok, message,
// elements }`, the message saying what and where ("path 3: stroke-width 1.5, allowed 2"), the
// elements the offenders' index paths in the tree (for a highlight). The same code runs on the
// server (GET /api/icons/checks, POST /api/icons/check-rules) and, later, in the browser.

import {
  REVIEW_RULE_IDS,
  type ReviewRuleId,
  type ReviewRules,
  type RuleCheck,
} from '../schemas/review-rules.ts'
import { parseViewBox, readSvg, type SvgElement } from '../svg/index.ts'
import { type DrawnElement, drawnElements } from './drawn-elements.ts'
import { capsJoinsOffences, fillOffences, type Offence, strokeWidthOffences } from './paint-rules.ts'
import { anyRuleEnabled } from './rule-ids.ts'
import {
  liveAreaOffences,
  maxElementsOffences,
  precisionOffences,
  rasterOrTextOffences,
} from './shape-rules.ts'

/** How many offenders a message names before "and N more". */
const NAMED = 3

const PASSED: Record<ReviewRuleId, (rules: ReviewRules) => string> = {
  view_box: (r) => `view box is 0 0 ${r.view_box.size} ${r.view_box.size}`,
  stroke_width: (r) => `every stroke is ${r.stroke_width.allowed.join(' or ')} wide`,
  caps_joins: (r) => `strokes have ${r.caps_joins.cap} caps and ${r.caps_joins.join} joins`,
  fill: (r) =>
    r.fill.policy === 'none'
      ? 'no shape is filled'
      : r.fill.policy === 'current_color'
        ? 'painted with currentColor only'
        : 'painted with the palette only',
  no_raster_or_text: () => 'no images or text',
  precision: (r) => `numbers have at most ${r.precision.max_decimals} decimals`,
  max_elements: (r) => `at most ${r.max_elements.max} elements`,
  live_area: (r) => `everything stays ${r.live_area.padding} inside the view box`,
}

function verdict(rule: ReviewRuleId, rules: ReviewRules, offences: Offence[], summary?: string): RuleCheck {
  if (!offences.length) return { rule, ok: true, message: PASSED[rule](rules), elements: [] }
  const named = offences.slice(0, NAMED).map((o) => `${o.element.label}: ${o.what}`)
  if (offences.length > NAMED) named.push(`and ${offences.length - NAMED} more`)
  const message = summary ? `${summary}; ${named.join('; ')}` : named.join('; ')
  return { rule, ok: false, message, elements: offences.map((o) => o.element.path) }
}

function viewBoxCheck(root: SvgElement, rules: ReviewRules): RuleCheck {
  const size = rules.view_box.size
  const box = parseViewBox(root.attrs.get('viewBox'))
  const ok = !!box && box[0] === 0 && box[1] === 0 && box[2] === size && box[3] === size
  const message = ok
    ? PASSED.view_box(rules)
    : `svg: view box ${box ? box.join(' ') : 'missing'}, expected 0 0 ${size} ${size}`
  return { rule: 'view_box', ok, message, elements: ok ? [] : [[]] }
}

type Drawing = { root: SvgElement; elements: DrawnElement[]; rules: ReviewRules }

const CHECKS: Record<ReviewRuleId, (d: Drawing) => RuleCheck> = {
  view_box: ({ root, rules }) => viewBoxCheck(root, rules),
  stroke_width: ({ elements, rules }) =>
    verdict('stroke_width', rules, strokeWidthOffences(elements, rules.stroke_width)),
  caps_joins: ({ elements, rules }) =>
    verdict('caps_joins', rules, capsJoinsOffences(elements, rules.caps_joins)),
  fill: ({ elements, rules }) => verdict('fill', rules, fillOffences(elements, rules.fill)),
  no_raster_or_text: ({ elements, rules }) =>
    verdict('no_raster_or_text', rules, rasterOrTextOffences(elements)),
  precision: ({ elements, rules }) =>
    verdict('precision', rules, precisionOffences(elements, rules.precision)),
  max_elements: ({ elements, rules }) =>
    verdict(
      'max_elements',
      rules,
      maxElementsOffences(elements, rules.max_elements),
      `${elements.length} elements, at most ${rules.max_elements.max}`,
    ),
  live_area: ({ root, elements, rules }) => {
    const box = parseViewBox(root.attrs.get('viewBox')) ?? [0, 0, 24, 24]
    return verdict('live_area', rules, liveAreaOffences(elements, box, rules.live_area))
  },
}

/** The verdicts of the enabled rules on a parsed drawing. */
export function checkTree(root: SvgElement, rules: ReviewRules): RuleCheck[] {
  const enabled = REVIEW_RULE_IDS.filter((id) => rules[id].enabled)
  if (!enabled.length) return []
  const drawing = { root, elements: drawnElements(root), rules }
  return enabled.map((rule) => CHECKS[rule](drawing))
}

/** The verdicts of the enabled rules on stored markup (read as the pipeline reads it). Throws SvgError. */
export function checkSvg(markup: string, rules: ReviewRules): RuleCheck[] {
  if (!anyRuleEnabled(rules)) return []
  return checkTree(readSvg(markup), rules)
}
