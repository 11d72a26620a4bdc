// Reads untrusted text into an XML DOM (@xmldom/xmldom, same code in Node and browsers).
// Before parsing: size, encoding, DTD and structure limits, so hostile input fails fast.

import { type Attr, DOMParser, type Element } from '@xmldom/xmldom'
import { MAX_SVG_BYTES, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, SvgError } from './errors.ts'
import { SVG_NS, XLINK_NS, XML_NS } from './tree.ts'
import { type RawElement, type RawNode, readCanonicalXml } from './xml-reader.ts'

function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

// NUL and C0 controls (not allowed in XML 1.0), lone surrogates and U+FFFD (what a
// non-fatal UTF-8 decoder leaves for invalid bytes) all mean binary or non-UTF-8 input.
const NOT_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function checkText(text: string): void {
  // A UTF-16 unit is at most 3 UTF-8 bytes: count exactly only when that bound is too high.
  if (text.length > MAX_SVG_BYTES || (text.length * 3 > MAX_SVG_BYTES && utf8Length(text) > MAX_SVG_BYTES))
    throw new SvgError('too_large')
  // Printable ASCII, tabs and newlines only (most icons): none of NOT_TEXT can be there.
  if (/[^\t\n\r\x20-\x7e]/.test(text) && NOT_TEXT.test(text)) throw new SvgError('encoding')
  const declaration = /^\s*<\?xml\s([^>]*)\?>/.exec(text)
  const encoding = declaration?.[1] && /encoding\s*=\s*["']([^"']*)["']/i.exec(declaration[1])
  if (encoding && encoding[1]?.toLowerCase() !== 'utf-8') throw new SvgError('encoding')
  if (text.includes('<!') && /<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(text))
    throw new SvgError('doctype')
}

export interface StructureStats {
  elements: number
  /** Sum over elements of their depth (root = 1): what tree-walking optimisers pay for. */
  depthSum: number
}

/**
 * Counts elements and their depths on the raw text, skipping comments, CDATA and PIs, and
 * refuses too deep or too many elements before any DOM is built.
 */
export function scanStructure(text: string): StructureStats {
  let depth = 0
  let elements = 0
  let depthSum = 0
  let i = text.indexOf('<')
  while (i >= 0 && i < text.length) {
    let end: number
    if (text.startsWith('<!--', i)) end = text.indexOf('-->', i + 4) + 3
    else if (text.startsWith('<![CDATA[', i)) end = text.indexOf(']]>', i + 9) + 3
    else if (text.startsWith('<?', i)) end = text.indexOf('?>', i + 2) + 2
    else if (text[i + 1] === '/') {
      depth--
      end = text.indexOf('>', i) + 1
    } else {
      let quote = ''
      let j = i + 1
      for (; j < text.length; j++) {
        const c = text[j]
        if (quote) {
          if (c === quote) quote = ''
        } else if (c === '"' || c === "'") quote = c
        else if (c === '>') break
      }
      end = j + 1
      if (++elements > MAX_SVG_ELEMENTS) throw new SvgError('too_many_elements')
      depthSum += depth + 1
      if (text[j - 1] !== '/' && ++depth > MAX_SVG_DEPTH) throw new SvgError('too_deep')
    }
    if (end <= i) break // unterminated: the parser reports it
    i = text.indexOf('<', end)
  }
  return { elements, depthSum }
}

/** The input without BOM, checked for size, encoding and DTDs. */
function checkedTextOnly(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') throw new SvgError('not_svg')
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  checkText(text)
  return text
}

/** The checked text of an input: BOM removed, size, encoding, DTD and structure limits applied. */
export function checkedText(input: string): string {
  const text = checkedTextOnly(input)
  scanStructure(text)
  return text
}

/** Parses SVG text with xmldom and returns its root element, or throws SvgError. */
export function parseSvgRoot(input: string): Element {
  return parseChecked(checkedText(input))
}

function parseChecked(text: string): Element {
  let doc: ReturnType<DOMParser['parseFromString']>
  let reported = ''
  try {
    const parser = new DOMParser({
      locator: true,
      onError: (_level, message, context) => {
        const at = (context as { locator?: { lineNumber?: number; columnNumber?: number } }).locator
        reported = at?.lineNumber ? `${message} (line ${at.lineNumber}, column ${at.columnNumber})` : message
        throw new Error(message)
      },
    })
    doc = parser.parseFromString(text, 'image/svg+xml')
  } catch (error) {
    const raw = reported || (error instanceof Error ? error.message : String(error))
    const detail = raw
      .replace(
        /Error constructing the DOM: NamespaceError: prefix is non-null and namespace is null/,
        'undeclared namespace prefix',
      )
      .replace(
        /Error constructing the DOM: HierarchyRequestError: Only one element.*?(?= \(line|$)/,
        'more than one root element',
      )
    if (/root element/i.test(detail)) throw new SvgError('not_svg')
    throw new SvgError('malformed', detail.replace(/\s+/g, ' ').slice(0, 160))
  }
  if (doc.doctype) throw new SvgError('doctype')
  const root = doc.documentElement
  if (root?.localName !== 'svg' || (root.namespaceURI !== SVG_NS && root.namespaceURI !== null)) {
    throw new SvgError('not_svg')
  }
  return root
}

const ELEMENT_NODE = 1
const TEXT_NODE = 3
const CDATA_NODE = 4

/** The name an attribute keeps in the tree ('xlink:href', 'xml:space'), or null to drop it. */
function attributeName(attr: Attr): string | null {
  const ns = attr.namespaceURI
  if (ns === null) return attr.localName ?? attr.name
  if (ns === XLINK_NS && attr.localName === 'href') return 'xlink:href'
  if (ns === XML_NS && (attr.localName === 'space' || attr.localName === 'lang'))
    return `xml:${attr.localName}`
  return null
}

/** An xmldom element as a raw element: comments and PIs left out, CDATA as text. */
export function rawFromDom(source: Element): RawElement {
  const attrs: [string, string][] = []
  for (let i = 0; i < source.attributes.length; i++) {
    const attr = source.attributes.item(i)
    const name = attr && attributeName(attr)
    if (attr && name) attrs.push([name, attr.value])
  }
  const children: RawNode[] = []
  for (let child = source.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE) children.push(rawFromDom(child as Element))
    else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_NODE)
      children.push(child.nodeValue ?? '')
  }
  return { ns: source.namespaceURI, name: source.localName ?? '', attrs, children }
}

/**
 * Parses SVG text into a raw tree, or throws SvgError. Plain XML goes through the strict
 * fast reader (xml-reader.ts); everything else through xmldom, which alone reports errors.
 */
export function parseSvgTree(input: string): RawElement {
  const text = checkedTextOnly(input)
  // The fast reader keeps to the depth and element limits itself; anything it declines is
  // scanned for them before xmldom builds a DOM.
  const fast = readCanonicalXml(text)
  if (fast) return fast
  scanStructure(text)
  return rawFromDom(parseChecked(text))
}
