// Test support: does each copy format draw what the stored SVG draws? Each output is made
// into SVG markup (the SVG itself, the CSS data URI, React rendered with react-dom/server,
// React Native through the stand-in renderer) and rendered with resvg at 64 px.
//
// A single-colour icon's formats paint currentColor: they are drawn with the text colour set
// to the icon's own colour (as a page would show them inside text of that colour). The CSS
// format of such an icon is a mask over currentColor: only its coverage (alpha) counts.

import { singleColor } from '../colors.ts'
import { convertSvg } from '../convert.ts'
import { inlineStyles } from '../inline-styles.ts'
import { readSvg } from '../sanitize.ts'
import { renderReactModule, renderReactNativeModule } from './evaluate.ts'
import { type Bitmap, diffRatio, inkedPixels, render } from './render.ts'

/** Pixels whose channels differ by more than this (0–255, premultiplied RGBA) count as different. */
export const CHANNEL_TOLERANCE = 24
/** Share of the 64 px image's pixels that may differ (anti-aliasing noise): 0.5 %. */
export const PIXEL_TOLERANCE = 0.005

export type DrawnFormat = 'svg' | 'css' | 'react-ts' | 'react-js' | 'react-native-ts'

/** The SVG inside the CSS format's data URI, and whether it is used as a mask. */
export function cssImage(css: string): { svg: string; mask: boolean } {
  const mask = / mask-image: url\("data:image\/svg\+xml,([^"]*)"\);/.exec(css)?.[1]
  const background = / background-image: url\("data:image\/svg\+xml,([^"]*)"\);/.exec(css)?.[1]
  const uri = mask ?? background
  if (uri === undefined) throw new Error('no data URI in the CSS')
  return { svg: decodeURIComponent(uri), mask: mask !== undefined }
}

/** The colour a single-colour icon's formats are drawn in (null: none to set). */
export function drawColor(stored: string): string | null {
  return singleColor(inlineStyles(readSvg(stored)))
}

function withRootColor(svg: string, color: string | null): string {
  return color ? svg.replace(/^<svg\b/, `<svg color="${color}"`) : svg
}

/** The format's output as SVG markup to render, and whether only alpha counts. */
export function drawnMarkup(
  stored: string,
  format: DrawnFormat,
  name: string,
  color: string | null = drawColor(stored),
): { svg: string; alphaOnly: boolean } | { skipped: string } {
  const output = convertSvg(stored, format, name)
  const props = color ? { color } : {}
  switch (format) {
    case 'svg':
      return { svg: withRootColor(output, color), alphaOnly: false }
    case 'css': {
      const image = cssImage(output)
      return { svg: image.svg, alphaOnly: image.mask }
    }
    case 'react-ts':
    case 'react-js':
      return { svg: renderReactModule(output, props), alphaOnly: false }
    case 'react-native-ts': {
      // What react-native-svg cannot draw is left out and said so: nothing to compare then.
      if (output.startsWith('// react-native-svg cannot draw'))
        return { skipped: output.split('\n')[1] ?? '' }
      return { svg: renderReactNativeModule(output, props), alphaOnly: false }
    }
  }
}

/** Share (0..1) of pixels of `svg` that differ from the reference. */
export function compare(reference: Bitmap, svg: string, alphaOnly: boolean): number {
  return diffRatio(reference, render(svg), CHANNEL_TOLERANCE, alphaOnly)
}

export interface DrawProblem {
  format: DrawnFormat
  problem: string
}

/** Problems of the formats that do not draw what `stored` draws; empty when all do. */
export function drawProblems(
  stored: string,
  name: string,
  formats: readonly DrawnFormat[] = ['svg', 'css', 'react-ts', 'react-js', 'react-native-ts'],
): DrawProblem[] {
  const reference = render(stored)
  if (inkedPixels(reference) < 20)
    return [{ format: 'svg', problem: 'the stored SVG draws (almost) nothing' }]
  const color = drawColor(stored)
  const problems: DrawProblem[] = []
  for (const format of formats) {
    try {
      const drawn = drawnMarkup(stored, format, name, color)
      if ('skipped' in drawn) continue
      const ratio = compare(reference, drawn.svg, drawn.alphaOnly)
      if (ratio > PIXEL_TOLERANCE)
        problems.push({ format, problem: `${(ratio * 100).toFixed(2)}% of pixels differ` })
    } catch (error) {
      problems.push({ format, problem: error instanceof Error ? error.message : String(error) })
    }
  }
  return problems
}
