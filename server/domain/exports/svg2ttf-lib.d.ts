// svg2ttf's font model and its SVG font reading (fontello's, no types shipped): what font-ttf.ts uses
// of them to write a TrueType font from glyphs given directly.
declare module 'svg2ttf/lib/sfnt.js' {
  export type SfntPoint = { x: number; y: number; onCurve: boolean }
  export class Glyph {
    id: number
    name: string
    codes: number[]
    d: string
    width: number
    height: number
    contours: Contour[]
  }
  export class Contour {
    points: SfntPoint[]
  }
  export class Point implements SfntPoint {
    x: number
    y: number
    onCurve: boolean
  }
  export class Font {
    [field: string]: unknown
    glyphs: Glyph[]
    codePoints: Record<number, Glyph>
    sfntNames: { id: number; value: string }[]
  }
  export function toTTF(font: Font): { buffer: Uint8Array }
}

declare module 'svg2ttf/lib/svg.js' {
  import type { SfntPoint } from 'svg2ttf/lib/sfnt.js'
  /** A cubic segment as quadratic ones within `accuracy` (svgpath's iterate callback). */
  export function cubicToQuad(segment: unknown[], index: number, x: number, y: number, accuracy: number): void
  /** Absolute path data (svgpath) as contours of points on and off the curve. */
  export function toSfntCoutours(path: unknown): SfntPoint[][]
}
