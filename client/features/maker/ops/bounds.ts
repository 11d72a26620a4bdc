// Where an icon actually draws, in root (viewBox) units: the union of its shapes' geometry under
// their transforms, grown by half the stroke width. Null when something cannot be measured here
// (text, nested viewports, unreadable transforms): callers then fall back to the viewBox.
import { localRefId } from '@common/svg/index.ts'
import { Box } from './box.ts'
import { type Matrix, multiply, parseTransform, scaleOf, translation } from './matrix.ts'
import { getProp } from './props.ts'
import { len, shapeBox } from './shape-bounds.ts'
import { type SvgElement, type ViewBox, viewBoxOf } from './tree.ts'

const NOT_DRAWN = new Set([
  'defs',
  'clipPath',
  'mask',
  'marker',
  'pattern',
  'symbol',
  'linearGradient',
  'radialGradient',
  'filter',
  'style',
  'title',
  'desc',
  'metadata',
])
const UNMEASURABLE = new Set(['text', 'image', 'foreignObject', 'svg', 'switch'])

class Unmeasurable extends Error {}

type Ctx = { m: Matrix; stroke: string; strokeWidth: number; vb: ViewBox; ids: Map<string, SvgElement> }

function visit(el: SvgElement, ctx: Ctx, out: Box, depth: number): void {
  if (NOT_DRAWN.has(el.name) || getProp(el, 'display') === 'none') return
  if (UNMEASURABLE.has(el.name) || depth > 32) throw new Unmeasurable()
  const t = el.attrs.get('transform')
  const own = t === undefined ? null : parseTransform(t)
  if (t !== undefined && !own) throw new Unmeasurable()
  const stroke = getProp(el, 'stroke') ?? ctx.stroke
  const sw = getProp(el, 'stroke-width')
  const next: Ctx = {
    ...ctx,
    m: own ? multiply(ctx.m, own) : ctx.m,
    stroke,
    strokeWidth: sw === undefined ? ctx.strokeWidth : len(sw, ctx.vb.width),
  }
  if (el.name === 'g' || el.name === 'a') {
    for (const child of el.children) if (typeof child !== 'string') visit(child, next, out, depth + 1)
    return
  }
  if (el.name === 'use') {
    const target = ctx.ids.get(localRefId(el.attrs.get('href') ?? el.attrs.get('xlink:href') ?? '') ?? '')
    if (!target || target.attrs.has('viewBox')) throw new Unmeasurable()
    const moved = {
      ...next,
      m: multiply(next.m, translation(len(el.attrs.get('x'), 0), len(el.attrs.get('y'), 0))),
    }
    const children = target.name === 'symbol' ? target.children : [target]
    for (const child of children) if (typeof child !== 'string') visit(child, moved, out, depth + 1)
    return
  }
  const box = shapeBox(el, next)
  const stroked = next.stroke !== 'none' && next.strokeWidth > 0
  out.addBox(box, stroked ? (next.strokeWidth * scaleOf(next.m)) / 2 : 0)
}

function idsOf(root: SvgElement, ids = new Map<string, SvgElement>()): Map<string, SvgElement> {
  const id = root.attrs.get('id')
  if (id !== undefined && !ids.has(id)) ids.set(id, root)
  for (const child of root.children) if (typeof child !== 'string') idsOf(child, ids)
  return ids
}

/** The drawn area in root units, or null when it cannot be measured (or nothing is drawn). */
export function contentBounds(root: SvgElement): Box | null {
  const vb = viewBoxOf(root)
  const ctx: Ctx = {
    m: [1, 0, 0, 1, 0, 0],
    stroke: getProp(root, 'stroke') ?? 'none',
    strokeWidth: len(getProp(root, 'stroke-width') ?? '1', vb.width),
    vb,
    ids: idsOf(root),
  }
  const out = new Box()
  try {
    for (const child of root.children) if (typeof child !== 'string') visit(child, ctx, out, 1)
  } catch (error) {
    if (error instanceof Unmeasurable) return null
    throw error
  }
  return out.empty ? null : out
}
