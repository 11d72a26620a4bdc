// The icon font's binary files (ADR 0105, 0415), from the glyphs of real icons (Material Design's
// filled ones, Tabler's stroked ones, and one drawn twice): the TrueType font is svg2ttf's, byte for
// byte, from the SVG font of the same glyphs; its WOFF2 (glyf transformed) is read back by Google's
// decoder (wawoff2, the one Chromium and Firefox use) to the very same tables, glyf and loca too, and
// by fontkit to the same glyphs.
import { readFileSync } from 'node:fs'
import * as fontkit from 'fontkit'
import svg2ttf from 'svg2ttf'
import { describe, expect, test } from 'vitest'
import wawoff2 from 'wawoff2'
import { ASCENT, DESCENT, EM, glyphOf, NotAGlyph } from './font-glyphs.ts'
import { type TtfGlyph, ttfOf } from './font-ttf.ts'
import { woff2Of } from './font-woff2.ts'

type IconSet = {
  icons: Record<string, { body: string; width?: number; height?: number }>
  width?: number
  height?: number
}

function glyphsOf(set: string, count: number, from: number): TtfGlyph[] {
  const json = JSON.parse(
    readFileSync(new URL(`../../../node_modules/@iconify-json/${set}/icons.json`, import.meta.url), 'utf8'),
  ) as IconSet
  const glyphs: TtfGlyph[] = []
  for (const [name, icon] of Object.entries(json.icons)) {
    const [w, h] = [icon.width ?? json.width ?? 24, icon.height ?? json.height ?? 24]
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`
    try {
      glyphs.push({ name: `${set}-${name}`, point: from + glyphs.length, ...glyphOf(svg) })
    } catch (error) {
      if (!(error instanceof NotAGlyph)) throw error
    }
    if (glyphs.length === count) break
  }
  return glyphs
}

const glyphs = [...glyphsOf('mdi', 150, 0xf0000), ...glyphsOf('tabler', 150, 0xf1000)]
// An icon drawn like another: one glyph for both code points.
glyphs.push({ ...glyphs[3]!, name: 'again', point: 0xf2000 })
const ttf = ttfOf('brand-icons', 'Brand icons, from Iconvault', glyphs)

/** The tables of a TrueType font by tag. */
function tablesOf(font: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const tables = new Map<string, Uint8Array>()
  for (let i = 0; i < view.getUint16(4); i++) {
    const at = 12 + 16 * i
    const offset = view.getUint32(at + 8)
    tables.set(
      String.fromCharCode(...font.subarray(at, at + 4)),
      font.subarray(offset, offset + view.getUint32(at + 12)),
    )
  }
  return tables
}

describe('icon font files', () => {
  test('the TrueType font is svg2ttf’s, byte for byte, from the SVG font of the same glyphs', () => {
    const escapeXml = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
    const svgFont =
      '<?xml version="1.0" standalone="no"?>\n<svg xmlns="http://www.w3.org/2000/svg"><defs>' +
      `<font id="brand-icons" horiz-adv-x="${EM}"><font-face font-family="brand-icons" units-per-em="${EM}" ` +
      `ascent="${ASCENT}" descent="${DESCENT}"/><missing-glyph horiz-adv-x="0"/>` +
      glyphs
        .map(
          (g) =>
            `<glyph glyph-name="${escapeXml(g.name)}" unicode="&#x${g.point.toString(16)};" horiz-adv-x="${g.advance}" d="${g.d}"/>`,
        )
        .join('') +
      '</font></defs></svg>'
    const expected = svg2ttf(svgFont, { ts: 0, version: '1.0', description: 'Brand icons, from Iconvault' })
    expect(glyphs.length).toBe(301)
    expect(Buffer.compare(Buffer.from(ttf), Buffer.from(expected.buffer))).toBe(0)
  })

  test('the WOFF2 decodes to the same tables, glyf and loca too, and fontkit reads the same glyphs', async () => {
    const woff2 = woff2Of(ttf)
    expect(Buffer.from(woff2.subarray(0, 4)).toString('latin1')).toBe('wOF2')
    expect(woff2.length % 4).toBe(0)
    expect(Buffer.compare(Buffer.from(woff2Of(ttf)), Buffer.from(woff2))).toBe(0)
    expect(woff2.length).toBeLessThan(ttf.length / 2)
    // glyf transformed (version 0, flags byte 10), loca rebuilt from it (11, no data of its own).
    expect([...woff2.subarray(48, 48 + 40)]).toEqual(expect.arrayContaining([10, 11]))

    const decoded = tablesOf(await wawoff2.decompress(woff2))
    const given = tablesOf(ttf)
    expect([...decoded.keys()].sort()).toEqual([...given.keys()].sort())
    for (const [tag, data] of given) {
      // The decoder writes head's checkSumAdjustment anew, for the font as it lays it out.
      const comparable = (table: Uint8Array) =>
        tag === 'head' ? Buffer.concat([table.subarray(0, 8), table.subarray(12)]) : Buffer.from(table)
      expect(Buffer.compare(comparable(decoded.get(tag)!), comparable(data)), tag).toBe(0)
    }

    const fromWoff2 = fontkit.create(Buffer.from(woff2)) as fontkit.Font
    const fromTtf = fontkit.create(Buffer.from(ttf)) as fontkit.Font
    expect(fromWoff2.numGlyphs).toBe(fromTtf.numGlyphs)
    // One glyph an outline (two icons drawn alike share one), and the missing glyph.
    expect(fromWoff2.numGlyphs).toBe(new Set(glyphs.map((g) => `${g.advance} ${g.d}`)).size + 1)
    for (const { point } of glyphs) {
      const glyph = fromWoff2.glyphForCodePoint(point)
      expect(glyph.id, point.toString(16)).toBeGreaterThan(0)
      expect(glyph.path.toSVG()).toBe(fromTtf.glyphForCodePoint(point).path.toSVG())
    }
    expect(fromWoff2.glyphForCodePoint(0xf2000).id).toBe(fromWoff2.glyphForCodePoint(glyphs[3]!.point).id)
  })
})
