import { describe, expect, it } from 'vitest'
import { SvgError } from './errors.ts'
import { checkedText, parseSvgRoot, rawFromDom } from './parse.ts'
import { legitFixtures, maliciousPayloads } from './test-support/fixtures.ts'
import { seededRandom as random } from './test-support/random.ts'
import { type RawElement, readCanonicalXml } from './xml-reader.ts'

/** What xmldom (the parser of record) makes of the text, or the code of its refusal. */
function viaXmldom(text: string): RawElement | string {
  try {
    return rawFromDom(parseSvgRoot(text))
  } catch (error) {
    if (error instanceof SvgError) return error.code
    throw error
  }
}

/** What the fast reader makes of the text: a tree, null (declined) or the code of its refusal. */
function viaFastReader(text: string): RawElement | string | null {
  try {
    return readCanonicalXml(text)
  } catch (error) {
    if (error instanceof SvgError) return error.code
    throw error
  }
}

const SNIPPETS = [
  '<',
  '>',
  '/>',
  '</g>',
  '<g>',
  '&',
  '&amp;',
  '&lt;',
  '&#10;',
  '&#x41;',
  '&#0;',
  '&#xD800;',
  '&nbsp;',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  '\t',
  ':',
  'xlink:',
  'xml:',
  'xmlns="http://www.w3.org/2000/svg"',
  ' xmlns:xlink="http://www.w3.org/1999/xlink"',
  ' xmlns:x="urn:x"',
  ' x:a="1"',
  ' a="1"',
  " a='2'",
  '<!-- c -->',
  '<!-- a -- b -->',
  '<!--->',
  '<![CDATA[x]]>',
  ']]>',
  '<?pi x?>',
  '<?xml version="1.0"?>',
  'é',
  '😀',
  '<text>t</text>',
  '<use xlink:href="#a"/>',
  ' xml:space="preserve"',
]

const BASES = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="none" stroke="currentColor" d="M1 2h3"/></svg>',
  '<svg viewBox="0 0 2 2"><g id="a"><rect width="1" height="1"/></g><text x="1">a &amp; b</text></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0"/></defs><use xlink:href="#p" x="1"/><title>T</title></svg>',
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- head -->\n<svg xmlns="http://www.w3.org/2000/svg">\n  <circle r="1"/>\n</svg>\n',
]

/** Compares both readers on text that passes the checks made before any parsing. */
function expectSameAsXmldom(text: string, label: string): boolean {
  try {
    checkedText(text)
  } catch {
    return false
  }
  const fast = viaFastReader(text)
  if (fast === null) return false
  // A tree read exactly alike, or the same refusal (a reference to a forbidden character).
  expect(viaXmldom(text), label).toEqual(fast)
  return true
}

describe('fast XML reader', () => {
  it('reads the legit corpus exactly as xmldom does, or leaves it to xmldom', () => {
    let read = 0
    for (const f of legitFixtures()) if (expectSameAsXmldom(f.svg.replace(/^\uFEFF/, ''), f.name)) read++
    expect(read).toBeGreaterThan(20)
  })

  it('never reads a malicious payload differently from xmldom', () => {
    for (const p of maliciousPayloads()) expectSameAsXmldom(p.svg.replace(/^\uFEFF/, ''), p.name)
  })

  it('agrees with xmldom on 20,000 mutated documents', () => {
    const next = random(42)
    let read = 0
    for (let n = 0; n < 20_000; n++) {
      let text = BASES[n % BASES.length]!
      const edits = next() < 0.7 ? 1 : 2
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (text.length + 1))
        if (next() < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3))
        else text = text.slice(0, at) + SNIPPETS[Math.floor(next() * SNIPPETS.length)] + text.slice(at)
      }
      if (expectSameAsXmldom(text, JSON.stringify(text))) read++
    }
    // Plenty of the mutants are still plain XML: the comparison is not vacuous.
    expect(read).toBeGreaterThan(2_000)
  })

  it('declines what it does not handle', () => {
    for (const text of [
      '<svg><![CDATA[x]]></svg>',
      '<svg xmlns:x="urn:x" x:a="1"/>',
      '<x:svg xmlns:x="http://www.w3.org/2000/svg"/>',
      '<svg a="1" a="2"/>',
      '<svg>&nbsp;</svg>',
      '<svg>\r\n</svg>',
      '<svg><g xmlns="http://www.w3.org/2000/svg"/></svg>',
      '<svg xlink:href="#a"/>',
      '<svg><?pi?></svg>',
      '<svg/>x',
      '<svg><g></svg>',
    ])
      expect(readCanonicalXml(text), text).toBeNull()
  })
})
