// An icon's glyph for the icon font (ADR 0105): its outline in font units (1000 an em, y up) from
// its filled shapes (path, rect, circle, ellipse, line, polygon, polyline, and <use> of them), their
// transforms applied (svgpath), and a stroke as the outline of what it covers (font-strokes.ts). An
// icon with text, images or dashed strokes cannot become a glyph without changing how it looks:
// glyphOf throws NotAGlyph with the reason, and the font leaves it out and reports it. An even-odd
// shape has its inner contours turned round (font-contours.ts), so the font's non-zero fill leaves
// the same holes.
import svgpath from 'svgpath'
import {
  inlineStyles,
  parseDeclarations,
  parseViewBox,
  readSvg,
  type SvgElement,
  shapePath,
} from '../../../common/svg/index.ts'
import { fillContours } from './font-contours.ts'
import { type StrokeStyle, strokeContours } from './font-strokes.ts'

/** Font units per em; glyphs are 1em high, from the descent to the ascent. */
export const EM = 1000
export const ASCENT = 850
export const DESCENT = -150

/** Left out of the drawing: definitions, and what is not drawn where it stands. */
const NOT_DRAWN = new Set([
  'defs',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'symbol',
  'linearGradient',
  'radialGradient',
  'filter',
  'title',
  'desc',
  'metadata',
  'style',
])
const CANNOT_BE_GLYPH: Record<string, string> = {
  text: 'it has text',
  image: 'it has an image',
  foreignObject: 'it has foreign content',
}
const INHERITED = [
  'fill',
  'stroke',
  'fill-rule',
  'stroke-width',
  'visibility',
  'fill-opacity',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
]

/** Why an icon cannot be a glyph (its message says so, for the export's skipped list). */
export class NotAGlyph extends Error {}

/** The largest coordinate a glyph may use (TrueType's are 16-bit; 16 ems either way is plenty). */
const MAX_UNITS = 16 * EM
const NUMBERS = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi

const num = (value: string | undefined, fallback = 0) => {
  const n = Number.parseFloat(value ?? '')
  return Number.isFinite(n) ? n : fallback
}

/** The element's own presentation: attributes, then style="" over them. */
function ownStyle(el: SvgElement): Map<string, string> {
  const style = new Map<string, string>()
  for (const key of [...INHERITED, 'display', 'opacity']) {
    const value = el.attrs.get(key)
    if (value !== undefined) style.set(key, value.trim())
  }
  for (const d of parseDeclarations(el.attrs.get('style') ?? '')) style.set(d.property, d.value.trim())
  return style
}

const isZero = (value: string | undefined) => value !== undefined && num(value, 1) === 0

/** How much a transform scales lengths (the square root of its determinant's size). */
function scaleOf(transform: string): number {
  const points: number[] = []
  svgpath('M0 0L1 0L0 1')
    .transform(transform)
    .iterate((segment) => {
      points.push(segment[1] as number, segment[2] as number)
    })
  const [x0, y0, x1, y1, x2, y2] = points as [number, number, number, number, number, number]
  return Math.sqrt(Math.abs((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)))
}

/**
 * The glyph's outline in font units (y up), from the icon's filled shapes; throws NotAGlyph with
 * the reason when the icon cannot be one.
 */
export function glyphOf(svg: string): { d: string; advance: number } {
  const root = inlineStyles(readSvg(svg))
  const box = parseViewBox(root.attrs.get('viewBox')) ?? [
    0,
    0,
    num(root.attrs.get('width'), 24),
    num(root.attrs.get('height'), 24),
  ]
  const [minX, minY, width, height] = box
  if (!(width > 0 && height > 0)) throw new NotAGlyph('it has no size')
  const scale = EM / height
  const byId = new Map<string, SvgElement>()
  const index = (el: SvgElement) => {
    const id = el.attrs.get('id')
    if (id && !byId.has(id)) byId.set(id, el)
    for (const child of el.children) if (typeof child !== 'string') index(child)
  }
  index(root)
  const contours: string[] = []

  const draw = (el: SvgElement, inherited: Map<string, string>, transform: string, depth: number) => {
    if (depth > 32) throw new NotAGlyph('it nests too deeply')
    if (NOT_DRAWN.has(el.name)) return
    const reason = CANNOT_BE_GLYPH[el.name]
    if (reason) throw new NotAGlyph(reason)
    const own = ownStyle(el)
    if (own.get('display') === 'none' || isZero(own.get('opacity'))) return
    const style = new Map(inherited)
    for (const key of INHERITED) if (own.has(key)) style.set(key, own.get(key)!)
    const own_transform = el.attrs.get('transform')
    const here = own_transform ? `${transform} ${own_transform}` : transform
    if (el.name === 'use') {
      const ref = (el.attrs.get('href') ?? el.attrs.get('xlink:href') ?? '').replace(/^#/, '')
      const target = byId.get(ref)
      if (!target) return
      const shift = `translate(${num(el.attrs.get('x'))} ${num(el.attrs.get('y'))})`
      const drawn = target.name === 'symbol' ? { ...target, name: 'g' } : target
      return draw(drawn, style, `${here} ${shift}`, depth + 1)
    }
    const d = shapePath(el)
    if (d !== null && style.get('visibility') !== 'hidden' && style.get('visibility') !== 'collapse') {
      // Arcs to curves first (a mirrored arc keeps its sweep flag in svgpath's scale), in the
      // viewBox's coordinates; then to font units, y up: the path read once a use, never printed
      // and read back between the steps.
      const toBox = `translate(${-minX} ${-minY}) ${here}`
      const inBox = () => svgpath(d).abs().unarc().unshort().transform(toBox)
      const fill = style.get('fill')
      if (fill !== 'none' && !isZero(style.get('fill-opacity')) && el.name !== 'line') {
        const inFont = inBox().scale(scale, -scale).translate(0, ASCENT).round(2)
        contours.push(...fillContours(inFont, style.get('fill-rule') === 'evenodd'))
      }
      const stroke = style.get('stroke')
      if (
        stroke &&
        stroke !== 'none' &&
        !isZero(style.get('stroke-width')) &&
        !isZero(style.get('stroke-opacity'))
      ) {
        const dashes = style.get('stroke-dasharray')
        if (dashes && dashes !== 'none' && !/^[\s,0.]*$/.test(dashes))
          throw new NotAGlyph('it has dashed strokes')
        const width = num(style.get('stroke-width'), 1)
        if (/%/.test(style.get('stroke-width') ?? '')) throw new NotAGlyph('its stroke width is a percentage')
        const stroked: StrokeStyle = {
          width: width * scaleOf(toBox),
          cap: (['round', 'square'].includes(style.get('stroke-linecap') ?? '')
            ? style.get('stroke-linecap')
            : 'butt') as StrokeStyle['cap'],
          join: (['round', 'bevel'].includes(style.get('stroke-linejoin') ?? '')
            ? style.get('stroke-linejoin')
            : 'miter') as StrokeStyle['join'],
          miterLimit: Math.max(1, num(style.get('stroke-miterlimit'), 4)),
        }
        contours.push(
          ...strokeContours(inBox(), stroked, height / 2000, ([x, y]) => [x * scale, ASCENT - y * scale]),
        )
      }
    }
    for (const child of el.children) if (typeof child !== 'string') draw(child, style, here, depth + 1)
  }
  draw(root, new Map(), '', 0)
  if (!contours.length) throw new NotAGlyph('it has nothing drawn')
  const d = contours.join('')
  // A font's coordinates are 16-bit: a drawing reaching far beyond its viewBox cannot be a glyph
  // (and must not fail the whole font).
  const advance = Math.round((width / height) * EM)
  if (advance > MAX_UNITS || d.match(NUMBERS)?.some((n) => Math.abs(Number(n)) > MAX_UNITS))
    throw new NotAGlyph('it draws far outside its viewBox')
  return { d, advance }
}
