// Reads untrusted text into an XML DOM (@xmldom/xmldom, same code in Node and browsers).
// Before parsing: size, encoding, forbidden characters, DTD and structure limits (elements,
// depth, attributes per element, name lengths), so hostile input fails fast. A public DOCTYPE
// without an internal subset (what Illustrator writes) is blanked out before any parser sees
// it, so its DTD is never fetched or read.

import { type Attr, DOMParser, type Element } from '@xmldom/xmldom'
import {
  MAX_SVG_ATTRIBUTES,
  MAX_SVG_BYTES,
  MAX_SVG_DEPTH,
  MAX_SVG_ELEMENTS,
  MAX_SVG_NAME_LENGTH,
  SvgError,
} from './errors.ts'
import { SVG_NS, XLINK_NS, XML_NS } from './tree.ts'
import { codePointName, forbiddenCharacter, isXmlChar, refuseForbiddenCharacters } from './xml-chars.ts'
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

// NUL (UTF-16 or binary read as UTF-8) and U+FFFD (what a non-fatal UTF-8 decoder leaves
// for invalid bytes) mean the input is not UTF-8 text; other characters XML forbids are
// refused as such (xml-chars.ts).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const NOT_UTF8 = /[\u0000\ufffd]/

// A public DOCTYPE in the prolog without an internal subset, as editors write it:
// `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://…/svg11.dtd">`. Anything else
// DTD-like (an internal subset, entities, a SYSTEM-only or bare DOCTYPE) is refused.
const PROLOG_DOCTYPE =
  /^(\s*<\?xml\s[^>]*\?>)?((?:\s|<!--(?:[^-]|-[^-])*-->)*)(<!DOCTYPE\s+[A-Za-z_][\w.:-]*\s+PUBLIC\s+(?:"[^"]*"|'[^']*')\s+(?:"[^"]*"|'[^']*')\s*>)/

/** The text with a public DOCTYPE blanked out (same length, line breaks kept). */
function withoutDoctype(text: string): string {
  const match = PROLOG_DOCTYPE.exec(text)
  if (!match) return text
  const start = (match[1] ?? '').length + (match[2] ?? '').length
  const doctype = match[3] ?? ''
  return text.slice(0, start) + doctype.replace(/[^\r\n]/g, ' ') + text.slice(start + doctype.length)
}

/** Checks size, encoding, characters and DTDs; returns the text with a public DOCTYPE blanked out. */
function checkText(input: string): string {
  // A UTF-16 unit is at most 3 UTF-8 bytes: count exactly only when that bound is too high.
  if (input.length > MAX_SVG_BYTES || (input.length * 3 > MAX_SVG_BYTES && utf8Length(input) > MAX_SVG_BYTES))
    throw new SvgError('too_large')
  // Printable ASCII, tabs and newlines only (most icons): nothing to refuse there.
  if (/[^\t\n\r\x20-\x7e]/.test(input)) {
    if (NOT_UTF8.test(input)) throw new SvgError('encoding')
    const forbidden = forbiddenCharacter(input)
    if (forbidden) throw new SvgError('forbidden_character', forbidden)
  }
  const declaration = /^\s*<\?xml\s([^>]*)\?>/.exec(input)
  const encoding = declaration?.[1] && /encoding\s*=\s*["']([^"']*)["']/i.exec(declaration[1])
  if (encoding && encoding[1]?.toLowerCase() !== 'utf-8') throw new SvgError('encoding')
  if (!input.includes('<!')) return input
  const text = withoutDoctype(input)
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST|<!NOTATION/i.test(text)) throw new SvgError('doctype')
  return text
}

export interface StructureStats {
  elements: number
  /** Sum over elements of their depth (root = 1): what tree-walking optimisers pay for. */
  depthSum: number
}

const isTagSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r'

/**
 * Counts elements and their depths on the raw text, skipping comments, CDATA and PIs, and
 * refuses too deep or too many elements, elements with too many attributes and too long
 * element or attribute names before any DOM is built.
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
      let attributes = 0
      // Length of the name being read (the element's, then each attribute's), -1 between names.
      let name = 0
      let j = i + 1
      for (; j < text.length; j++) {
        const c = text[j]
        if (quote) {
          if (c === quote) quote = ''
        } else if (c === '"' || c === "'") quote = c
        else if (c === '>') break
        else if (c === '=') {
          if (++attributes > MAX_SVG_ATTRIBUTES) throw new SvgError('too_many_attributes')
          name = -1
        } else if (isTagSpace(c) || c === '/') name = -1
        else {
          name = name < 0 ? 1 : name + 1
          if (name > MAX_SVG_NAME_LENGTH) throw new SvgError('name_too_long')
        }
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

/** The input without BOM, checked for size, encoding, characters and DTDs (a public DOCTYPE blanked out). */
function checkedTextOnly(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') throw new SvgError('not_svg')
  return checkText(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input)
}

// Character references outside comments, CDATA sections and processing instructions.
const REFERENCES =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\?[\s\S]*?(?:\?>|$)|&#(x[0-9a-fA-F]+|[0-9]+);/g

/** Refuses a character reference to a character XML forbids, as the fast reader does (xmldom decodes them). */
function refuseForbiddenReferences(text: string): void {
  if (!text.includes('&#')) return
  for (const match of text.matchAll(REFERENCES)) {
    const digits = match[1]
    if (digits === undefined) continue
    const cp = digits[0] === 'x' ? Number.parseInt(digits.slice(1), 16) : Number.parseInt(digits, 10)
    if (!isXmlChar(cp)) throw new SvgError('forbidden_character', codePointName(Math.min(cp, 0x110000)))
  }
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
  refuseForbiddenReferences(text)
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

/**
 * An xmldom element as a raw element: comments and PIs left out, CDATA as text. Refuses a
 * decoded value holding a character XML forbids (a reference refuseForbiddenReferences missed).
 */
export function rawFromDom(source: Element): RawElement {
  const attrs: [string, string][] = []
  for (let i = 0; i < source.attributes.length; i++) {
    const attr = source.attributes.item(i)
    const name = attr && attributeName(attr)
    if (attr && name) {
      refuseForbiddenCharacters(attr.value)
      attrs.push([name, attr.value])
    }
  }
  const children: RawNode[] = []
  for (let child = source.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE) children.push(rawFromDom(child as Element))
    else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_NODE) {
      const value = child.nodeValue ?? ''
      refuseForbiddenCharacters(value)
      children.push(value)
    }
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
