// The maker's view of an SVG: the pipeline's own sanitized tree (common/svg), with <style> rules
// inlined, so every edit starts from markup the pipeline accepts and ends as markup it re-reads.
import { inlineStyles, parseViewBox, readSvg, type SvgElement, serialize } from '@common/svg/index.ts'
import { flattenInto } from './flatten.ts'
import { formatMatrix, isIdentity, type Matrix, multiply, num, parseTransform } from './matrix.ts'
import { META } from './props.ts'

export type { SvgElement }
export type ViewBox = { x: number; y: number; width: number; height: number }

/** Sanitizes and parses; throws SvgError like the pipeline. */
export const readTree = (svg: string): SvgElement => inlineStyles(readSvg(svg))
export const writeTree = (root: SvgElement): string => serialize(root)

function length(value: string | undefined): number | null {
  const match = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(px)?\s*$/i.exec(value ?? '')
  return match ? Number(match[1]) : null
}

/** The root's viewBox, else one from width/height, else the 24-unit grid. */
export function viewBoxOf(root: SvgElement): ViewBox {
  const vb = parseViewBox(root.attrs.get('viewBox'))
  if (vb) return { x: vb[0], y: vb[1], width: vb[2], height: vb[3] }
  const width = length(root.attrs.get('width'))
  const height = length(root.attrs.get('height'))
  if (width && height && width > 0 && height > 0) return { x: 0, y: 0, width, height }
  return { x: 0, y: 0, width: 24, height: 24 }
}

/** Sets the viewBox (first among the root's attributes after xmlns) and drops any fixed size. */
export function setViewBox(root: SvgElement, vb: ViewBox): void {
  root.attrs.delete('width')
  root.attrs.delete('height')
  root.attrs.delete('viewBox')
  const text = [vb.x, vb.y, vb.width, vb.height].map((n) => num(n)).join(' ')
  root.attrs = new Map([['viewBox', text], ...root.attrs])
}

/**
 * Applies a transform to everything the root draws: into the path data and shapes themselves when
 * that is exact (flatten.ts), else under one wrapping transform. A wrapper this function made
 * before (a <g> with only a transform) is reused, its matrix composed, and dropped when it is
 * identity.
 */
export function transformContent(root: SvgElement, m: Matrix): void {
  const flat = flattenInto(root, m)
  if (flat) {
    root.attrs = flat.attrs
    root.children = flat.children
    return
  }
  const meta = root.children.filter((c) => typeof c !== 'string' && META.has(c.name))
  const content = root.children.filter((c) => typeof c !== 'string' && !META.has(c.name))
  const only = content.length === 1 ? content[0] : undefined
  const wrapper =
    only &&
    typeof only !== 'string' &&
    only.name === 'g' &&
    only.attrs.size === 1 &&
    only.attrs.has('transform')
      ? only
      : null
  const inner = wrapper ? parseTransform(wrapper.attrs.get('transform')) : null
  const total = inner ? multiply(m, inner) : m
  const children = inner && wrapper ? wrapper.children : content
  if (isIdentity(total, 1e-7)) {
    root.children = [...meta, ...children]
    return
  }
  const g: SvgElement = { name: 'g', attrs: new Map([['transform', formatMatrix(total)]]), children }
  root.children = [...meta, g]
}
