// Test support: renders SVG with resvg and compares pixels.

import { existsSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'
const fonts = [DEJAVU, DEJAVU_BOLD].filter((f) => existsSync(f))

export interface Bitmap {
  width: number
  height: number
  pixels: Uint8Array
}

/** Renders at `size` px wide (premultiplied RGBA). */
export function render(svg: string, size = 64): Bitmap {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { fontFiles: fonts, loadSystemFonts: fonts.length === 0, defaultFontFamily: 'DejaVu Sans' },
  })
  const image = resvg.render()
  return { width: image.width, height: image.height, pixels: new Uint8Array(image.pixels) }
}

/** Share of pixels (0..1) whose channels differ by more than `delta`; 1 when sizes differ. */
export function diffRatio(a: Bitmap, b: Bitmap, delta = 24, alphaOnly = false): number {
  if (a.width !== b.width || a.height !== b.height) return 1
  let differing = 0
  for (let i = 0; i < a.pixels.length; i += 4) {
    for (let c = alphaOnly ? 3 : 0; c < 4; c++) {
      if (Math.abs((a.pixels[i + c] ?? 0) - (b.pixels[i + c] ?? 0)) > delta) {
        differing++
        break
      }
    }
  }
  return differing / (a.width * a.height)
}

/**
 * The bitmap's coverage (alpha) painted in one colour ('#rrggbb'), premultiplied: what a CSS
 * mask-image over that background colour shows.
 */
export function paintCoverage(bitmap: Bitmap, color: string): Bitmap {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
  if (!m) throw new Error(`not an opaque #rrggbb colour: ${color}`)
  const rgb = [m[1], m[2], m[3]].map((h) => Number.parseInt(h!, 16))
  const pixels = new Uint8Array(bitmap.pixels.length)
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = bitmap.pixels[i + 3] ?? 0
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(((rgb[c] ?? 0) * alpha) / 255)
    pixels[i + 3] = alpha
  }
  return { width: bitmap.width, height: bitmap.height, pixels }
}

/** Number of pixels that are not fully transparent. */
export function inkedPixels(bitmap: Bitmap): number {
  let count = 0
  for (let i = 3; i < bitmap.pixels.length; i += 4) if ((bitmap.pixels[i] ?? 0) > 0) count++
  return count
}

/** Fails with a readable message when two SVGs do not draw the same at 64 px. */
export function expectSameDrawing(expected: string, actual: string, label: string, alphaOnly = false): void {
  const a = render(expected)
  const b = render(actual)
  if (inkedPixels(a) < 20) throw new Error(`${label}: the reference draws (almost) nothing`)
  const ratio = diffRatio(a, b, 24, alphaOnly)
  if (ratio > 0.005) {
    throw new Error(
      `${label}: ${(ratio * 100).toFixed(2)}% of pixels differ (${a.width}x${a.height} vs ${b.width}x${b.height})`,
    )
  }
}
