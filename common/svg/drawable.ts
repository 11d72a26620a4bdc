// Whether a sanitized tree draws anything: a shape, a <use> or text outside the containers
// that only define things (defs, symbol, clip paths, masks, patterns, markers, filters,
// gradients). An upload that is empty once sanitized (everything in it was unsafe or
// unsupported, or it was empty to begin with) is refused instead of stored as a blank icon.

import { SvgError } from './errors.ts'
import type { SvgElement } from './tree.ts'

const GRAPHICS = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'use'])
const TEXT = new Set(['text', 'tspan', 'textPath'])
const DEFINITIONS = new Set([
  'defs',
  'symbol',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'linearGradient',
  'radialGradient',
  'title',
  'desc',
  'style',
])

function hasText(el: SvgElement): boolean {
  return el.children.some((child) => (typeof child === 'string' ? child.trim() !== '' : hasText(child)))
}

/** True when the tree has something that draws (see above). */
export function drawsSomething(el: SvgElement): boolean {
  for (const child of el.children) {
    if (typeof child === 'string' || DEFINITIONS.has(child.name)) continue
    if (GRAPHICS.has(child.name) || (TEXT.has(child.name) && hasText(child)) || drawsSomething(child))
      return true
  }
  return false
}

/** Throws SvgError('nothing_to_draw') for a tree that draws nothing. */
export function refuseEmptyDrawing(root: SvgElement): void {
  if (!drawsSomething(root)) throw new SvgError('nothing_to_draw')
}
