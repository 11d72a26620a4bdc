// The review checklist's model (ADR 0413): the verdicts of common/review-rules run in the browser
// on a drawing, as rows to show (the rule's name, passed or failed, the checker's message saying what
// and where), and the drawing with the offending elements marked. The marked drawing is the stored,
// sanitised markup read into the pipeline's own tree (readSvg: the allowlist again) and written back
// by its serializer, with highlight attributes only: it is shown as an <img> like every preview
// (lib/icon-image.ts), never inserted as markup.
import { reviewMessages } from '@common/messages.ts'
import { checkSvg } from '@common/review-rules/index.ts'
import type { ReviewRuleId, ReviewRules, RuleCheck } from '@common/schemas/review-rules.ts'
import { parseViewBox, readSvg, type SvgElement, serialize } from '@common/svg/index.ts'

export interface ChecklistItem {
  rule: ReviewRuleId
  label: string
  ok: boolean
  message: string
  elements: number[][]
}

/** The rows of the checklist, in the rules' order. */
export function checklistItems(checks: readonly RuleCheck[]): ChecklistItem[] {
  return checks.map((check) => ({
    rule: check.rule,
    label: reviewMessages.ruleLabels[check.rule],
    ok: check.ok,
    message: check.message,
    elements: check.elements,
  }))
}

/** The rules a drawing fails, in the rules' order: what approving it overrides. */
export function failingRules(checks: readonly RuleCheck[]): ReviewRuleId[] {
  return checks.filter((check) => !check.ok).map((check) => check.rule)
}

export type CheckOutcome = { checks: RuleCheck[]; error: null } | { checks: []; error: string }

const checked = new Map<string, CheckOutcome>()
const MAX_CACHED = 200

/**
 * The verdicts of `rules` on stored markup, memoised by both (the same drawing is checked once per
 * rules while the queue, the panel and a dialog show it). A drawing the pipeline refuses answers its
 * message instead.
 */
export function checkDrawing(svg: string, rules: ReviewRules): CheckOutcome {
  const key = `${JSON.stringify(rules)}\u0000${svg}`
  let outcome = checked.get(key)
  if (!outcome) {
    try {
      outcome = { checks: checkSvg(svg, rules), error: null }
    } catch (error) {
      outcome = { checks: [], error: error instanceof Error ? error.message : String(error) }
    }
    if (checked.size >= MAX_CACHED) checked.clear()
    checked.set(key, outcome)
  }
  return outcome
}

/** The highlight's ink: the danger red of the theme, readable on light and dark. */
export const HIGHLIGHT_INK = '#e11d48'

function elementAt(root: SvgElement, path: readonly number[]): SvgElement | null {
  let el: SvgElement | null = root
  for (const index of path) {
    const children: SvgElement[] = el ? el.children.filter((c): c is SvgElement => typeof c !== 'string') : []
    el = children[index] ?? null
    if (!el) return null
  }
  return el
}

/**
 * The drawing with the elements at `paths` (index paths among element children, as the checker
 * answers them) tinted in HIGHLIGHT_INK and outlined by a wide translucent halo drawn under them;
 * the others faded. The root (`[]`: the view box) gets a dashed frame on the view box. Markup the
 * pipeline refuses comes back unchanged (the preview then shows it as it is).
 */
export function highlightedSvg(svg: string, paths: readonly (readonly number[])[]): string {
  if (!paths.length) return svg
  let root: SvgElement
  try {
    root = readSvg(svg)
  } catch {
    return svg
  }
  const box = parseViewBox(root.attrs.get('viewBox')) ?? [0, 0, 24, 24]
  const unit = Math.max(box[2], box[3]) / 24
  const marked = new Set<SvgElement>()
  let frame = false
  for (const path of paths) {
    if (!path.length) frame = true
    const el = path.length ? elementAt(root, path) : null
    if (el) marked.add(el)
  }
  const fadeOthers = (el: SvgElement, inside: boolean) => {
    for (const child of el.children) {
      if (typeof child === 'string') continue
      const isMarked = marked.has(child)
      if (!inside && !isMarked && !containsMarked(child, marked)) child.attrs.set('opacity', '0.35')
      else fadeOthers(child, inside || isMarked)
    }
  }
  if (marked.size) fadeOthers(root, false)
  const parents = parentsOf(root)
  for (const el of marked) markElement(el, unit, parents)
  if (frame) {
    root.children.push({
      name: 'rect',
      attrs: new Map([
        ['x', String(box[0])],
        ['y', String(box[1])],
        ['width', String(box[2])],
        ['height', String(box[3])],
        ['fill', 'none'],
        ['stroke', HIGHLIGHT_INK],
        ['stroke-width', String(unit)],
        ['stroke-dasharray', `${2 * unit} ${unit}`],
        ['class', 'review-highlight-view-box'],
      ]),
      children: [],
    })
  }
  return serialize(root)
}

function containsMarked(el: SvgElement, marked: ReadonlySet<SvgElement>): boolean {
  return el.children.some((c) => typeof c !== 'string' && (marked.has(c) || containsMarked(c, marked)))
}

type Parents = Map<SvgElement, SvgElement>

function parentsOf(root: SvgElement, out: Parents = new Map()): Parents {
  for (const child of root.children) {
    if (typeof child === 'string') continue
    out.set(child, root)
    parentsOf(child, out)
  }
  return out
}

/** A paint property as the element gets it: its own (style over attribute), else its parent's. */
function inherited(el: SvgElement, property: 'fill' | 'stroke', parents: Parents): string | undefined {
  for (let at: SvgElement | undefined = el; at; at = parents.get(at)) {
    const style = new RegExp(`(?:^|;)\\s*${property}\\s*:([^;]*)`, 'i').exec(at.attrs.get('style') ?? '')
    const value = style?.[1] ?? at.attrs.get(property)
    if (value !== undefined && value.trim() !== 'inherit') return value.trim()
  }
  return undefined
}

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'])

/** Tints an element (its paint, over any style) and puts a translucent halo copy of it under it. */
function markElement(el: SvgElement, unit: number, parents: Parents) {
  const stroked = (inherited(el, 'stroke', parents) ?? 'none') !== 'none'
  const filled = el.name !== 'line' && (inherited(el, 'fill', parents) ?? 'black') !== 'none'
  const parent = parents.get(el)
  if (SHAPES.has(el.name) && parent) {
    const width = Number.parseFloat(el.attrs.get('stroke-width') ?? '') || (stroked ? unit : 0)
    const halo: SvgElement = { name: el.name, attrs: new Map(el.attrs), children: [] }
    for (const name of ['id', 'style', 'marker-start', 'marker-mid', 'marker-end']) halo.attrs.delete(name)
    halo.attrs.set('fill', 'none')
    halo.attrs.set('stroke', HIGHLIGHT_INK)
    halo.attrs.set('stroke-opacity', '0.35')
    halo.attrs.set('stroke-width', String(width + 3 * unit))
    halo.attrs.set('stroke-linecap', 'round')
    halo.attrs.set('stroke-linejoin', 'round')
    halo.attrs.set('class', 'review-highlight-halo')
    parent.children.splice(parent.children.indexOf(el), 0, halo)
  }
  const style = el.attrs.get('style')
  if (style) el.attrs.set('style', style.replace(/(?:^|;)\s*(?:fill|stroke)\s*:[^;]*/gi, ''))
  if (stroked || el.name === 'line') el.attrs.set('stroke', HIGHLIGHT_INK)
  if (filled) el.attrs.set('fill', HIGHLIGHT_INK)
  el.attrs.set('class', 'review-highlight-offender')
}
