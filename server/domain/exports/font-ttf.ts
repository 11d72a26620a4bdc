// The icon font's TrueType font (ADR 0105, 0415), from its glyphs' outlines: svg2ttf's own font model
// and table writers (fontello's, the font's bytes as svg2ttf wrote them from an SVG font), given the
// glyphs directly: no SVG font string printed and parsed back by an XML parser.
import * as sfnt from 'svg2ttf/lib/sfnt.js'
import * as svg from 'svg2ttf/lib/svg.js'
import svgpath from 'svgpath'
import { ASCENT, DESCENT, EM } from './font-glyphs.ts'

/** One glyph: its outline in font units (y up), its advance, the code point it answers. */
export interface TtfGlyph {
  name: string
  point: number
  d: string
  advance: number
}

/**
 * The TTF of `glyphs` (in the order given; two with the same outline and advance share one glyph),
 * named `family`: byte for byte what svg2ttf gives for the SVG font of the same glyphs.
 */
export function ttfOf(family: string, description: string, glyphs: readonly TtfGlyph[]): Uint8Array {
  const font = new sfnt.Font()
  Object.assign(font, {
    id: family,
    familyName: family,
    description,
    url: 'http://fontello.com',
    createdDate: new Date(0),
    modifiedDate: new Date(0),
    unitsPerEm: EM,
    width: EM,
    height: EM,
    descent: DESCENT,
    ascent: ASCENT,
  })
  font.sfntNames.push(
    { id: 2, value: 'Regular' },
    { id: 4, value: family },
    { id: 5, value: 'Version 1.0' },
    { id: 6, value: family.replace(/[\s()[\]<>%/]/g, '').slice(0, 62) },
  )
  const missing = new sfnt.Glyph()
  missing.height = EM
  font.glyphs.push(missing)
  const byOutline = new Map<string, sfnt.Glyph>()
  for (const { name, point, d, advance } of glyphs) {
    const key = `${advance} ${d}`
    const same = byOutline.get(key)
    const glyph = same ?? new sfnt.Glyph()
    if (!same) {
      Object.assign(glyph, { name, codes: [point], d, width: advance, height: EM })
      byOutline.set(key, glyph)
      font.glyphs.push(glyph)
    }
    font.codePoints[point] ??= glyph
  }
  for (const [id, glyph] of font.glyphs.entries()) {
    glyph.id = id
    // svg2ttf's accuracy of its cubic-to-quadratic curves: 0.3 units on glyphs over 500 units.
    const size = Math.max(glyph.width, glyph.height)
    const accuracy = size > 500 ? 0.3 : size * 0.0006
    const path = svgpath(glyph.d)
      .abs()
      .unshort()
      .unarc()
      .iterate((segment, index, x, y) => svg.cubicToQuad(segment, index, x, y, accuracy))
    glyph.contours = svg.toSfntCoutours(path).map((points) => {
      const contour = new sfnt.Contour()
      contour.points = points.map(({ x, y, onCurve }) => Object.assign(new sfnt.Point(), { x, y, onCurve }))
      return contour
    })
    keepBounds(glyph)
  }
  return sfnt.toTTF(font).buffer
}

/** Beyond these a glyph's bounds do not fit TrueType's 16 bits (svg2ttf's getters then throw). */
const [LEAST, MOST] = [-32768, 32767]

/**
 * The glyph's bounds computed once, as svg2ttf's getters compute them (from 0, whole units outward;
 * with no points xMax is the advance): the table writers ask each glyph for them many times over.
 */
function keepBounds(glyph: sfnt.Glyph) {
  let [xMin, yMin, xMax, yMax] = [0, 0, 0, 0]
  let drawn = false
  for (const { points } of glyph.contours)
    for (const { x, y } of points) {
      xMin = Math.min(xMin, Math.floor(x))
      yMin = Math.min(yMin, Math.floor(y))
      xMax = Math.max(xMax, -Math.floor(-x))
      yMax = Math.max(yMax, -Math.floor(-y))
      drawn = true
    }
  if (xMin < LEAST || yMin < LEAST || xMax > MOST || yMax > MOST) return
  const bounds = drawn ? { xMin, yMin, xMax, yMax } : { xMin: 0, yMin: 0, xMax: glyph.width, yMax: 0 }
  for (const [key, value] of Object.entries(bounds)) Object.defineProperty(glyph, key, { value })
}
