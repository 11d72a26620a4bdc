// Colour: every fill and stroke that paints (not "none") becomes currentColor or one fixed colour;
// shapes that paint with the default black get it through the root's fill. Masks keep theirs.
import { isPainted } from './paint-walk.ts'
import { getProp, setProp } from './props.ts'
import { readTree, type SvgElement, writeTree } from './tree.ts'

export const CURRENT_COLOR = 'currentColor'
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

const isIconColor = (color: string) => color === CURRENT_COLOR || HEX.test(color)

const SKIP = new Set(['mask', 'clipPath'])

function recolor(el: SvgElement, color: string): void {
  if (SKIP.has(el.name)) return
  for (const prop of ['fill', 'stroke']) {
    const value = getProp(el, prop)
    if (value !== undefined && isPainted(value.trim())) setProp(el, prop, color)
  }
  if (getProp(el, 'color') !== undefined) setProp(el, 'color', null)
  for (const child of el.children) if (typeof child !== 'string') recolor(child, color)
}

export function setColor(svg: string, color: string): string {
  if (!isIconColor(color)) throw new RangeError('The colour must be currentColor or a hex colour')
  const root = readTree(svg)
  recolor(root, color)
  if (getProp(root, 'fill') === undefined) setProp(root, 'fill', color)
  return writeTree(root)
}

/** The distinct paints used (fills and strokes that paint), for showing the current colours. */
export function paintsOf(svg: string): string[] {
  const found = new Set<string>()
  const go = (el: SvgElement) => {
    if (SKIP.has(el.name)) return
    for (const prop of ['fill', 'stroke']) {
      const value = getProp(el, prop)?.trim()
      if (value && isPainted(value)) found.add(value)
    }
    for (const child of el.children) if (typeof child !== 'string') go(child)
  }
  go(readTree(svg))
  return [...found]
}
