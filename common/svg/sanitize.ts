// The allowlist rebuild: walks the parsed DOM and builds a fresh tree with only allowed
// elements, attributes and CSS. Nothing from the input is copied through unchecked.

import type { Attr, Element, Node } from '@xmldom/xmldom'
import { ALLOWED_ELEMENTS, PRESENTATION_ATTRIBUTES, RENAMED_ELEMENTS, TEXT_ELEMENTS } from './allowlist.ts'
import { ALLOWED_ATTRIBUTES, ARIA_OR_DATA } from './allowlist-attributes.ts'
import { parseDeclarations, parseStylesheet, serializeDeclarations, serializeStylesheet } from './css.ts'
import { MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, SvgError } from './errors.ts'
import { parseSvgRoot } from './parse.ts'
import { SVG_NS, type SvgChild, type SvgElement, serialize, XLINK_NS, XML_NS } from './tree.ts'
import { ID_PATTERN, isSafeCssValue, isUnsafeValue, localRefId } from './values.ts'

const ELEMENT_NODE = 1
const TEXT_NODE = 3
const CDATA_NODE = 4

function attributeName(attr: Attr): string | null {
  const ns = attr.namespaceURI
  if (ns === null) return attr.localName ?? attr.name
  if (ns === XLINK_NS && attr.localName === 'href') return 'xlink:href'
  if (ns === XML_NS && (attr.localName === 'space' || attr.localName === 'lang'))
    return `xml:${attr.localName}`
  return null
}

/** The value to keep for an attribute, or null to drop it. */
export function sanitizeAttribute(element: string, name: string, value: string): string | null {
  if (!ALLOWED_ATTRIBUTES.has(name) && !PRESENTATION_ATTRIBUTES.has(name) && !ARIA_OR_DATA.test(name))
    return null
  if (name === 'href' || name === 'xlink:href') {
    const id = localRefId(value)
    return id === null ? null : `#${id}`
  }
  if (name === 'id') return ID_PATTERN.test(value.trim()) ? value.trim() : null
  if (name === 'style') return serializeDeclarations(parseDeclarations(value)) || null
  if (element === 'style' && name === 'type') return /^\s*text\/css\s*$/i.test(value) ? 'text/css' : null
  if (PRESENTATION_ATTRIBUTES.has(name)) return isSafeCssValue(value) ? value : null
  return isUnsafeValue(value) ? null : value
}

function textOf(node: Node): string | null {
  return node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE ? (node.nodeValue ?? '') : null
}

interface Budget {
  elements: number
}

function rebuild(source: Element, depth: number, budget: Budget): SvgElement | null {
  if (depth > MAX_SVG_DEPTH) throw new SvgError('too_deep')
  if (++budget.elements > MAX_SVG_ELEMENTS) throw new SvgError('too_many_elements')
  if (source.namespaceURI !== SVG_NS && source.namespaceURI !== null) return null
  const local = source.localName ?? ''
  const name = RENAMED_ELEMENTS.get(local) ?? local
  if (!ALLOWED_ELEMENTS.has(name)) return null
  const attrs = new Map<string, string>()
  for (let i = 0; i < source.attributes.length; i++) {
    const attr = source.attributes.item(i)
    const attrName = attr && attributeName(attr)
    if (!attr || !attrName || (RENAMED_ELEMENTS.has(local) && /href/.test(attrName))) continue
    const value = sanitizeAttribute(name, attrName, attr.value)
    if (value !== null) attrs.set(attrName, value)
  }
  const children: SvgChild[] = []
  if (name === 'style') {
    let css = ''
    for (let child = source.firstChild; child; child = child.nextSibling) css += textOf(child) ?? ''
    const clean = serializeStylesheet(parseStylesheet(css))
    if (!clean) return null
    children.push(clean)
    return { name, attrs, children }
  }
  const keepsText = TEXT_ELEMENTS.has(name)
  for (let child = source.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE) {
      const kept = rebuild(child as Element, depth + 1, budget)
      if (kept) children.push(kept)
      continue
    }
    const text = textOf(child)
    if (text !== null && keepsText) children.push(text)
  }
  return { name, attrs, children }
}

/** Parses untrusted SVG text and rebuilds it by allowlist. Throws SvgError when refused. */
export function readSvg(input: string): SvgElement {
  const root = parseSvgRoot(input)
  const tree = rebuild(root, 1, { elements: 0 })
  if (tree?.name !== 'svg') throw new SvgError('not_svg')
  return tree
}

/** Sanitizes untrusted SVG text; the output is safe to show inline, as an image or to serve. */
export function sanitizeSvg(input: string): string {
  return serialize(readSvg(input))
}
