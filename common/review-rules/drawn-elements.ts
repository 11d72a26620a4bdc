// The elements of a drawing as the review rules see them: each element with its index path in the
// tree (root = [], its second child element = [1]), a label ("path 3": the third path), and for
// shapes the paint they inherit (fill, stroke, width, caps, joins: attribute, then style="" over it,
// then the parent's) and the transforms above them. Shapes inside defs, clip paths, masks, symbols,
// patterns and markers are not drawn where they stand: they are listed, not painted.
import { parseDeclarations, type SvgElement } from '../svg/index.ts'

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'])
const NOT_DRAWN_HERE = new Set(['defs', 'clipPath', 'mask', 'symbol', 'pattern', 'marker'])
const INHERITED = ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'] as const
type Property = (typeof INHERITED)[number]

/** Initial values (SVG 2): black fill, no stroke, width 1, butt caps, miter joins. */
const INITIAL: Record<Property, string> = {
  fill: 'black',
  stroke: 'none',
  'stroke-width': '1',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
}

export type Paint = Record<Property, string>

export interface DrawnElement {
  el: SvgElement
  /** Index path among element children, from the root. */
  path: number[]
  /** "path 3", "circle 1": the element's name and its rank among elements of that name. */
  label: string
  /** Painted where it stands: a shape outside defs, clip paths, masks and the like. */
  drawn: boolean
  /** The paint it has after inheritance (shapes only; the root's for others). */
  paint: Paint
  /** The transform lists above it and its own, outermost first, joined ('' when none). */
  transform: string
}

function ownPaint(el: SvgElement, parent: Paint): Paint {
  const paint = { ...parent }
  for (const key of INHERITED) {
    const value = el.attrs.get(key)
    if (value !== undefined && value.trim() !== 'inherit') paint[key] = value.trim()
  }
  const style = el.attrs.get('style')
  if (style)
    for (const d of parseDeclarations(style))
      if ((INHERITED as readonly string[]).includes(d.property) && d.value.trim() !== 'inherit')
        paint[d.property as Property] = d.value.trim()
  return paint
}

/** Every element below the root, parents first. */
export function drawnElements(root: SvgElement): DrawnElement[] {
  const out: DrawnElement[] = []
  const ranks = new Map<string, number>()
  const go = (el: SvgElement, path: number[], paint: Paint, transform: string, drawn: boolean) => {
    let index = 0
    for (const child of el.children) {
      if (typeof child === 'string') continue
      const childPath = [...path, index++]
      const rank = (ranks.get(child.name) ?? 0) + 1
      ranks.set(child.name, rank)
      const childPaint = ownPaint(child, paint)
      const own = child.attrs.get('transform')?.trim()
      const childTransform = own ? (transform ? `${transform} ${own}` : own) : transform
      const childDrawn = drawn && !NOT_DRAWN_HERE.has(child.name)
      out.push({
        el: child,
        path: childPath,
        label: `${child.name} ${rank}`,
        drawn: childDrawn && SHAPES.has(child.name),
        paint: childPaint,
        transform: childTransform,
      })
      go(child, childPath, childPaint, childTransform, childDrawn)
    }
  }
  go(root, [], ownPaint(root, INITIAL), root.attrs.get('transform')?.trim() ?? '', true)
  return out
}

export const isNone = (value: string) => value === 'none' || value === 'transparent'

/** A stroke width as a number (a plain length or px); NaN for what is not one. */
export const strokeWidthOf = (paint: Paint) => Number(paint['stroke-width'].replace(/px$/, ''))

/** A colour folded for comparison: lower case, #rgb as #rrggbb, black and white as hex. */
export function foldColor(value: string): string {
  const v = value.trim().toLowerCase()
  if (v === 'currentcolor') return 'currentColor'
  if (v === 'black') return '#000000'
  if (v === 'white') return '#ffffff'
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`
  return v
}
