// Our tree ⇄ svgo's syntax tree (xast), so svgo's plugins run on the tree the pipeline already
// has (optimize-tree.ts) instead of on markup svgo would parse (sax) and print, and we would
// parse again. What comes back is a raw tree that the sanitizer rebuilds by the same
// allowlist as any input, and what is stored is our serializer's output, never svgo's.

import { SVG_NS, type SvgElement, usesXlink, XLINK_NS } from './tree.ts'
import type { RawElement, RawNode } from './xml-reader.ts'

export interface XastElement {
  type: 'element'
  name: string
  attributes: Record<string, string>
  children: XastChild[]
}

interface XastText {
  type: 'text' | 'cdata' | 'comment'
  value: string
}

export type XastChild = XastElement | XastText | { type: 'instruction' | 'doctype' }

export interface XastRoot {
  type: 'root'
  children: XastChild[]
}

/**
 * Elements whose text svgo's parser keeps as is; elsewhere it trims text and drops what is
 * only whitespace (svgo's `textElems`; svgo-ast.test.ts checks the copy).
 */
export const SVGO_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'a',
  'altGlyph',
  'altGlyphDef',
  'altGlyphItem',
  'glyph',
  'glyphRef',
  'text',
  'textPath',
  'tref',
  'tspan',
  'pre',
  'title',
])

function toXastElement(el: SvgElement, attributes: Record<string, string>): XastElement {
  for (const [name, value] of el.attrs) attributes[name] = value
  const children: XastChild[] = []
  const keepsText = SVGO_TEXT_ELEMENTS.has(el.name)
  let text = ''
  const flush = (): void => {
    const value = keepsText ? text : text.trim()
    if (value !== '') children.push({ type: 'text', value })
    text = ''
  }
  for (const child of el.children) {
    if (typeof child === 'string') text += child
    else {
      if (text) flush()
      children.push(toXastElement(child, {}))
    }
  }
  if (text) flush()
  return { type: 'element', name: el.name, attributes, children }
}

/** The xast svgo's parser would build from serialize(root). */
export function toXast(root: SvgElement): XastRoot {
  const attributes: Record<string, string> = { xmlns: SVG_NS }
  if (usesXlink(root)) attributes['xmlns:xlink'] = XLINK_NS
  return { type: 'root', children: [toXastElement(root, attributes)] }
}

/** The name an attribute keeps ('xlink:href', 'xml:space'), or null: as parse.ts reads markup. */
function attributeName(name: string, xlink: boolean): string | null {
  const colon = name.indexOf(':')
  if (colon < 0) return name === 'xmlns' ? null : name
  if (name === 'xml:space' || name === 'xml:lang') return name
  if (name === 'xlink:href' && xlink) return name
  return null
}

function fromXastElement(el: XastElement, xlink: boolean): RawElement {
  const attrs: [string, string][] = []
  for (const name in el.attributes) {
    const kept = attributeName(name, xlink)
    const value = el.attributes[name]
    if (kept !== null && value !== undefined) attrs.push([kept, String(value)])
  }
  const children: RawNode[] = []
  for (const child of el.children) {
    if (child.type === 'element') children.push(fromXastElement(child, xlink))
    else if (child.type === 'text' || child.type === 'cdata') children.push(child.value)
  }
  // Prefixed element names belong to other namespaces: the sanitizer drops them.
  return { ns: el.name.includes(':') ? 'urn:x-svgo-prefixed' : SVG_NS, name: el.name, attrs, children }
}

/**
 * svgo's result as a raw tree for the sanitizer: its one root element (null if there is not
 * exactly one). Comments, instructions and doctypes are left out, `xmlns` declarations too;
 * prefixed attributes other than xlink:href (while xlink is declared on the root),
 * xml:space and xml:lang are dropped, as parse.ts does.
 */
export function fromXast(root: XastRoot): RawElement | null {
  const elements = root.children.filter((c): c is XastElement => c.type === 'element')
  const [svg] = elements
  if (elements.length !== 1 || !svg) return null
  return fromXastElement(svg, svg.attributes['xmlns:xlink'] === XLINK_NS)
}
