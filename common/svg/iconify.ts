// An icon as Iconify holds it (IconifyJSON's `icons[name]`, ADR 0021): the inner markup of
// its <svg> as `body`, the viewBox as left/top/width/height. What the root <svg> paints with
// (fill="none", stroke="currentColor", stroke-width, …) moves onto a <g> around the body, as Iconify's
// own tools do, so the drawing is unchanged once Iconify wraps the body in its own <svg>.

import { paintsSeveralColors } from './colors.ts'
import { parseViewBox } from './normalize.ts'
import { readSvg } from './sanitize.ts'
import { type SvgElement, serialize } from './tree.ts'

export interface IconifyIconData {
  body: string
  width: number
  height: number
  left?: number
  top?: number
}

/** Root attributes that size or name the <svg> itself: Iconify sets its own; they never go on the <g>. */
const ROOT_ONLY = new Set([
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'version',
  'preserveAspectRatio',
  'role',
  'id',
  'class',
])
const isRootOnly = (name: string) =>
  ROOT_ONLY.has(name) || name.startsWith('xmlns') || name.startsWith('aria-')

const OPEN = /^<svg[^>]*>/

/** The Iconify form of (already stored, sanitised) SVG markup; it is read through the allowlist again. */
export function toIconifyIcon(svg: string): IconifyIconData {
  const root = readSvg(svg)
  const [left, top, width, height] = parseViewBox(root.attrs.get('viewBox')) ?? [0, 0, 24, 24]
  const painted = [...root.attrs].filter(([name]) => !isRootOnly(name))
  const children = root.children
  const wrapped: SvgElement = {
    name: 'svg',
    attrs: new Map(),
    children:
      painted.length && children.length ? [{ name: 'g', attrs: new Map(painted), children }] : children,
  }
  const markup = serialize(wrapped)
  const body = markup.endsWith('/>') ? '' : markup.replace(OPEN, '').slice(0, -'</svg>'.length)
  return { body, width, height, ...(left ? { left } : {}), ...(top ? { top } : {}) }
}

/** Whether (stored, sanitised) markup paints in several colours: Iconify's `palette`; unreadable is false. */
export function isMulticolour(svg: string): boolean {
  try {
    return paintsSeveralColors(readSvg(svg))
  } catch {
    return false
  }
}
