import { describe, expect, it } from 'vitest'
import { importSvg, processSvg, SVG_ERROR_MESSAGES, SvgError, sanitizeSvg } from './index.ts'
import { parseSvgRoot, parseSvgTree, rawFromDom } from './parse.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { seededRandom as random } from './test-support/random.ts'
import { forbiddenCharacter } from './xml-chars.ts'
import type { RawElement } from './xml-reader.ts'

// Characters XML 1.0 forbids, raw or as references, are refused with one message by both
// readers: the fast reader (xml-reader.ts, tried first) and xmldom (parse.ts).

/** A tree or the code of the refusal. */
function outcome(read: () => RawElement): RawElement | string {
  try {
    return read()
  } catch (error) {
    if (error instanceof SvgError) return error.code
    throw error
  }
}

/** The fast reader first, xmldom when it declines: what the pipeline does. */
const pipelineRead = (text: string) => outcome(() => parseSvgTree(text))
/** xmldom alone, after the same checks. */
const xmldomRead = (text: string) => outcome(() => rawFromDom(parseSvgRoot(text)))

/** Every decoded attribute value and text of a tree. */
function values(el: RawElement): string[] {
  return [
    ...el.attrs.map(([, value]) => value),
    ...el.children.flatMap((child) => (typeof child === 'string' ? [child] : values(child))),
  ]
}

const FORBIDDEN_RAW = [
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001f',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udfff',
]
const FORBIDDEN_REFERENCES = [
  '&#0;',
  '&#x1;',
  '&#xFFFE;',
  '&#xffff;',
  '&#xD800;',
  '&#55296;',
  '&#xDFFF;',
  '&#x110000;',
  '&#000;',
  '&#x0B;',
  '&#31;',
]
const ALLOWED_REFERENCES = [
  '&#x9;',
  '&#10;',
  '&#xD7FF;',
  '&#xE000;',
  '&#xFFFD;',
  '&#x1F600;',
  '&#x10FFFF;',
  '&#65;',
]

describe('characters XML forbids', () => {
  it('refuses the reported example and names the character', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h4v4z"/><title>&#0;&#x1;&#xFFFE;</title></svg>'
    const message = `${SVG_ERROR_MESSAGES.forbidden_character}: U+0000`
    expect(importSvg(svg)).toEqual({ error: message })
    await expect(processSvg(svg, { idPrefix: 'p' })).rejects.toThrow(message)
    // Through xmldom too (CDATA makes the fast reader decline).
    expect(() => sanitizeSvg(svg.replace('<title>', '<title><![CDATA[x]]>'))).toThrow(message)
    // Raw: NUL means binary or UTF-16 (the encoding message), the others are named.
    expect(importSvg(svg.replace('&#0;&#x1;&#xFFFE;', '\u0000'))).toEqual({
      error: SVG_ERROR_MESSAGES.encoding,
    })
    expect(importSvg(svg.replace('&#0;&#x1;&#xFFFE;', 'a\u0001'))).toEqual({
      error: `${SVG_ERROR_MESSAGES.forbidden_character}: U+0001`,
    })
    expect(importSvg(svg.replace('&#0;&#x1;&#xFFFE;', '\ud83d'))).toEqual({
      error: `${SVG_ERROR_MESSAGES.forbidden_character}: U+D83D`,
    })
    // Allowed: a real emoji, raw or as one reference; references inside comments are not read.
    expect(importSvg(svg.replace('&#0;&#x1;&#xFFFE;', '😀&#x1F600;<!-- &#0; -->'))).toHaveProperty('svg')
  })

  it('both readers accept and refuse alike, on legit fixtures with characters inserted at random', () => {
    const next = random(1010)
    const fixtures = legitFixtures()
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
    const tally = { forbidden: 0, accepted: 0, other: 0 }
    for (let n = 0; n < 3_000; n++) {
      const base = pick(fixtures).svg.replace(/^\uFEFF/, '')
      const kind = next()
      const inserted =
        kind < 0.3 ? pick(FORBIDDEN_RAW) : kind < 0.8 ? pick(FORBIDDEN_REFERENCES) : pick(ALLOWED_REFERENCES)
      const at = Math.floor(next() * (base.length + 1))
      const text = base.slice(0, at) + inserted + base.slice(at)
      const label = `${JSON.stringify(inserted)} at ${at} of ${JSON.stringify(base.slice(0, 80))}`

      const viaPipeline = pipelineRead(text)
      expect(xmldomRead(text), label).toEqual(viaPipeline)
      if (typeof viaPipeline === 'string') {
        if (viaPipeline === 'forbidden_character') tally.forbidden++
        else tally.other++
        // A raw forbidden character is always refused as such, wherever it is.
        if (FORBIDDEN_RAW.includes(inserted)) expect(viaPipeline, label).toBe('forbidden_character')
      } else {
        tally.accepted++
        // Accepted: no decoded value holds a forbidden character (a reference in a comment,
        // or an allowed one).
        for (const value of values(viaPipeline)) expect(forbiddenCharacter(value), label).toBeNull()
      }
    }
    // Not vacuous: most land where they are read, some in comments or between attributes.
    expect(tally.forbidden).toBeGreaterThan(1_500)
    expect(tally.accepted).toBeGreaterThan(200)
  })
})
