// A strict reader for the plain XML that icons almost always are (what Iconify, svgo and our
// own serializer write): elements, attributes, text, comments and an XML declaration, the
// SVG default namespace and xlink on the root only, the five predefined entities and
// character references. It returns null for anything else (CDATA, PIs, other namespaces or
// prefixes, DTDs, unknown entities, CR characters, anything not well-formed), and the caller
// then parses with @xmldom/xmldom, the parser of record. What it accepts it reads exactly
// as xmldom does (xml-reader.test.ts compares them); the sanitizer rebuilds either result
// by the same allowlist, so this reader only saves time and never decides what is safe. The
// one thing it refuses itself, as parse.ts does for xmldom, is a character reference to a
// character XML forbids (`&#0;`, `&#xFFFE;`).

import {
  MAX_SVG_ATTRIBUTES,
  MAX_SVG_DEPTH,
  MAX_SVG_ELEMENTS,
  MAX_SVG_NAME_LENGTH,
  SvgError,
} from './errors.ts'
import { SVG_NS, XLINK_NS } from './tree.ts'
import { codePointName, isXmlChar } from './xml-chars.ts'

/** A parsed element before sanitizing: attribute names resolved ('xlink:href', 'xml:space'). */
export interface RawElement {
  ns: string | null
  name: string
  attrs: [string, string][]
  children: RawNode[]
}

export type RawNode = RawElement | string

const LT = 60 // <
const GT = 62 // >
const SLASH = 47 // /
const EQ = 61 // =
const BANG = 33 // !
const QUESTION = 63 // ?
const DQ = 34 // "
const SQ = 39 // '
const COLON = 58 // :

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9
const isNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95
const isNameChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** Declines the input: thrown inside, turned into null by readCanonicalXml. */
class Decline {}
const DECLINE = new Decline()

/** Decodes entity and character references in text[start, end). */
function decode(text: string, start: number, end: number): string {
  let out = ''
  let from = start
  let amp = text.indexOf('&', start)
  while (amp >= 0 && amp < end) {
    const semi = text.indexOf(';', amp + 1)
    if (semi < 0 || semi >= end || semi - amp > 10) throw DECLINE
    const ref = text.slice(amp + 1, semi)
    let value: string | undefined
    if (ref.charCodeAt(0) === 35) {
      const hex = ref.charCodeAt(1) === 120
      const digits = ref.slice(hex ? 2 : 1)
      if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) throw DECLINE
      const cp = Number.parseInt(digits, hex ? 16 : 10)
      // A reference to a character XML forbids: refused, as parse.ts refuses it for xmldom.
      if (!isXmlChar(cp)) throw new SvgError('forbidden_character', codePointName(Math.min(cp, 0x10ffff + 1)))
      value = String.fromCodePoint(cp)
    } else {
      value = PREDEFINED[ref]
      if (value === undefined) throw DECLINE
    }
    out += text.slice(from, amp) + value
    from = semi + 1
    amp = text.indexOf('&', from)
  }
  return out + text.slice(from, end)
}

interface Scope {
  /** xmlns:xlink declared on the root. */
  xlink: boolean
}

class Reader {
  pos = 0
  elements = 0
  readonly text: string

  constructor(text: string) {
    this.text = text
  }

  readName(): string {
    const { text } = this
    const start = this.pos
    if (!isNameStart(text.charCodeAt(start))) throw DECLINE
    let i = start + 1
    while (isNameChar(text.charCodeAt(i))) i++
    // Beyond the limit, scanStructure gives the proper error.
    if (i - start > MAX_SVG_NAME_LENGTH) throw DECLINE
    this.pos = i
    return text.slice(start, i)
  }

  skipSpace(): boolean {
    const start = this.pos
    while (isSpace(this.text.charCodeAt(this.pos))) this.pos++
    return this.pos > start
  }

  /** Skips whitespace and comments (outside the root or between children). */
  skipComment(): void {
    const { text } = this
    if (!text.startsWith('<!--', this.pos)) throw DECLINE
    const end = text.indexOf('-->', this.pos + 4)
    // '--' may not appear inside a comment, and '--->' is not a valid end.
    if (end < 0 || text.slice(this.pos + 4, end).includes('--') || text.charCodeAt(end - 1) === 45)
      throw DECLINE
    this.pos = end + 3
  }

  readAttributeValue(): string {
    const { text } = this
    const quote = text.charCodeAt(this.pos)
    if (quote !== DQ && quote !== SQ) throw DECLINE
    const start = this.pos + 1
    const end = text.indexOf(quote === DQ ? '"' : "'", start)
    if (end < 0) throw DECLINE
    this.pos = end + 1
    let raw = text.slice(start, end)
    if (raw.includes('<')) throw DECLINE
    // Attribute-value normalisation: literal tabs and newlines become spaces.
    if (raw.includes('\n') || raw.includes('\t')) raw = raw.replace(/[\n\t]/g, ' ')
    return raw.includes('&') ? decode(raw, 0, raw.length) : raw
  }

  readElement(scope: Scope | null, depth: number): RawElement {
    const { text } = this
    // Beyond the limits, scanStructure and xmldom give the proper error.
    if (depth > MAX_SVG_DEPTH || ++this.elements > MAX_SVG_ELEMENTS) throw DECLINE
    this.pos++ // '<'
    const name = this.readName()
    if (text.charCodeAt(this.pos) === COLON) throw DECLINE
    const isRoot = scope === null
    const own: Scope = scope ?? { xlink: false }
    const attrs: [string, string][] = []
    const seen = new Set<string>()
    // [prefix, local, value] in document order; prefixes resolve once the tag is read.
    const read: [string, string, string][] = []
    for (;;) {
      const spaced = this.skipSpace()
      const c = text.charCodeAt(this.pos)
      if (c === GT || c === SLASH) break
      if (!spaced) throw DECLINE
      let local = this.readName()
      let prefix = ''
      if (text.charCodeAt(this.pos) === COLON) {
        this.pos++
        prefix = local
        local = this.readName()
        // The limit is on the qualified name, as parse.ts's scan counts it.
        if (text.charCodeAt(this.pos) === COLON || prefix.length + 1 + local.length > MAX_SVG_NAME_LENGTH)
          throw DECLINE
      }
      this.skipSpace()
      if (text.charCodeAt(this.pos) !== EQ) throw DECLINE
      this.pos++
      this.skipSpace()
      const value = this.readAttributeValue()
      const qualified = prefix ? `${prefix}:${local}` : local
      if (seen.has(qualified) || seen.size >= MAX_SVG_ATTRIBUTES) throw DECLINE
      seen.add(qualified)
      if (!prefix && local === 'xmlns') {
        if (!isRoot || value !== SVG_NS) throw DECLINE
      } else if (prefix === 'xmlns') {
        if (!isRoot || local !== 'xlink' || value !== XLINK_NS) throw DECLINE
        own.xlink = true
      } else {
        read.push([prefix, local, value])
      }
    }
    for (const [prefix, local, value] of read) {
      if (prefix === '') attrs.push([local, value])
      else if (prefix === 'xml') {
        // xml: is always bound; the sanitizer keeps only xml:space and xml:lang of it.
        if (local === 'space' || local === 'lang') attrs.push([`xml:${local}`, value])
      } else if (prefix === 'xlink' && own.xlink) {
        if (local === 'href') attrs.push(['xlink:href', value])
      } else throw DECLINE
    }
    const element: RawElement = { ns: SVG_NS, name, attrs, children: [] }
    if (text.charCodeAt(this.pos) === SLASH) {
      if (text.charCodeAt(this.pos + 1) !== GT) throw DECLINE
      this.pos += 2
      return element
    }
    this.pos++ // '>'
    this.readContent(element, own, depth)
    return element
  }

  readContent(element: RawElement, scope: Scope, depth: number): void {
    const { text } = this
    for (;;) {
      const lt = text.indexOf('<', this.pos)
      if (lt < 0) throw DECLINE
      if (lt > this.pos) {
        const raw = text.slice(this.pos, lt)
        if (raw.includes(']]>')) throw DECLINE
        element.children.push(raw.includes('&') ? decode(raw, 0, raw.length) : raw)
      }
      this.pos = lt
      const next = text.charCodeAt(lt + 1)
      if (next === SLASH) {
        this.pos = lt + 2
        const name = this.readName()
        this.skipSpace()
        if (name !== element.name || text.charCodeAt(this.pos) !== GT) throw DECLINE
        this.pos++
        return
      }
      if (next === BANG) {
        this.skipComment()
        continue
      }
      if (next === QUESTION) throw DECLINE
      element.children.push(this.readElement(scope, depth + 1))
    }
  }

  /** Whitespace and comments before or after the root. */
  skipMisc(): void {
    const { text } = this
    for (;;) {
      this.skipSpace()
      if (text.charCodeAt(this.pos) === LT && text.charCodeAt(this.pos + 1) === BANG) this.skipComment()
      else return
    }
  }
}

/** A lone `<?xml version="1.0" encoding="UTF-8"?>` at the very start (encoding checked earlier). */
const XML_DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.[0-9]\1(?:\s+encoding\s*=\s*(["'])[A-Za-z0-9._-]+\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>/

/**
 * Reads `text` when it is plain canonical XML (see above) within the depth, element, attribute
 * and name limits; null when the full parser must decide. Throws SvgError only for a
 * character reference to a character XML forbids (xml-chars.ts).
 */
export function readCanonicalXml(text: string): RawElement | null {
  if (text.includes('\r')) return null
  const reader = new Reader(text)
  try {
    if (text.startsWith('<?')) {
      const declaration = XML_DECLARATION.exec(text)
      if (!declaration) return null
      reader.pos = declaration[0].length
    }
    reader.skipMisc()
    if (text.charCodeAt(reader.pos) !== LT || !isNameStart(text.charCodeAt(reader.pos + 1))) return null
    const root = reader.readElement(null, 1)
    if (root.name !== 'svg') return null // xmldom reports what it is
    reader.skipMisc()
    return reader.pos === text.length ? root : null
  } catch (error) {
    if (error === DECLINE) return null
    if (error instanceof SvgError) throw error
    // A RangeError from a pathological input or similar: let the full parser report it.
    return null
  }
}
