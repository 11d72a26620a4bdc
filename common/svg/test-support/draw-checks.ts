// Test support: does each copy format draw what the stored SVG draws, at its default size and in
// its default colours? Each output is made into SVG markup (the SVG itself, React rendered with
// react-dom/server, React Native through the stand-in renderer, the CSS class's data URI in the
// class's box) and rendered with resvg 64 px wide, against the stored SVG put in the same box:
// the box must be the format's default (1em high and as wide as the viewBox's ratio; React
// Native a `size` square of 24), and the drawing inside it is compared pixel by pixel.
//
// No colour is given from outside: a single-colour icon must carry its own (the root's `color`,
// the class's `color`); an icon that follows the text colour draws black, the text colour resvg
// (and a page without styles) gives. The CSS mask is drawn as a browser draws it: the image's
// coverage (alpha) painted in the class's colour.

import { singleColor } from '../colors.ts'
import { type ConvertOptions, convertSvg } from '../convert.ts'
import { inlineStyles } from '../inline-styles.ts'
import { parseViewBox } from '../normalize.ts'
import { readSvg } from '../sanitize.ts'
import { renderReactModule, renderReactNativeModule } from './evaluate.ts'
import { type Bitmap, diffRatio, inkedPixels, paintCoverage, render } from './render.ts'

/** Pixels whose channels differ by more than this (0–255, premultiplied RGBA) count as different. */
export const CHANNEL_TOLERANCE = 24
/** Share of the 64 px image's pixels that may differ (anti-aliasing noise): 0.5 %. */
export const PIXEL_TOLERANCE = 0.005
/** React Native's default size (the generated `size` prop's default). */
const NATIVE_DEFAULT_SIZE = '24'

export type DrawnFormat = 'svg' | 'css' | 'react-ts' | 'react-js' | 'react-native-ts'

/** The SVG inside the CSS format's data URI, and whether it is used as a mask. */
export function cssImage(css: string): { svg: string; mask: boolean } {
  const mask = / mask-image: url\("data:image\/svg\+xml,([^"]*)"\);/.exec(css)?.[1]
  const background = / background-image: url\("data:image\/svg\+xml,([^"]*)"\);/.exec(css)?.[1]
  const uri = mask ?? background
  if (uri === undefined) throw new Error('no data URI in the CSS')
  return { svg: decodeURIComponent(uri), mask: mask !== undefined }
}

/** A declaration's value in the CSS format's rule, or null. */
export function cssValue(css: string, property: string): string | null {
  return new RegExp(`^ {2}${property}: ([^;]+);$`, 'm').exec(css)?.[1] ?? null
}

/** The single colour of the stored icon that the formats paint in currentColor, or null. */
export function singleColorOf(stored: string): string | null {
  return singleColor(inlineStyles(readSvg(stored)))
}

const ROOT_TAG = /^<svg\b(?:[^>"']|"[^"]*"|'[^']*')*>/

/** An attribute of the markup's root <svg> (double- or single-quoted), or null. */
export function rootAttribute(svg: string, name: string): string | null {
  const head = ROOT_TAG.exec(svg)?.[0] ?? ''
  return (
    new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`)
      .exec(head)
      ?.slice(1)
      .find((v) => v !== undefined) ?? null
  )
}

export interface Box {
  width: string
  height: string
}

/** The markup with its root's width and height set to `box` (replacing any). */
function inBox(svg: string, box: Box): string {
  const head = ROOT_TAG.exec(svg)?.[0]
  if (!head) throw new Error('no <svg> root')
  const bare = head.replace(/\s(?:width|height)=(?:"[^"]*"|'[^']*')/g, '')
  return `<svg width="${box.width}" height="${box.height}"${bare.slice(4)}${svg.slice(head.length)}`
}

/** The default box of a format for the stored icon (null: it has no viewBox to size by). */
function defaultBox(stored: string, format: DrawnFormat): Box | null {
  const viewBox = parseViewBox(rootAttribute(stored, 'viewBox') ?? undefined)
  if (!viewBox) return null
  if (format === 'react-native-ts') return { width: NATIVE_DEFAULT_SIZE, height: NATIVE_DEFAULT_SIZE }
  return { width: `${Math.round((viewBox[2] / viewBox[3]) * 10_000) / 10_000}em`, height: '1em' }
}

export interface Drawn {
  /** SVG markup drawing the format's output. */
  svg: string
  /** The box the output gives itself (width and height of its root, or of the CSS class). */
  box: Box | null
  /** CSS mask: the colour painted through the image's coverage (the class's, else black). */
  maskColor: string | null
}

/**
 * The format's output (with `props`, for the component formats; converted with `options`, such as
 * what the icon means) as SVG markup to render.
 */
export function drawnMarkup(
  stored: string,
  format: DrawnFormat,
  name: string,
  props: Record<string, unknown> = {},
  options: ConvertOptions = {},
): Drawn | { skipped: string } {
  const output = convertSvg(stored, format, name, options)
  const boxOf = (svg: string): Box | null => {
    const width = rootAttribute(svg, 'width')
    const height = rootAttribute(svg, 'height')
    return width !== null && height !== null ? { width, height } : null
  }
  switch (format) {
    case 'svg':
      return { svg: output, box: boxOf(output), maskColor: null }
    case 'css': {
      const image = cssImage(output)
      const width = cssValue(output, 'width')
      const height = cssValue(output, 'height')
      const box = width !== null && height !== null ? { width, height } : null
      return {
        svg: box ? inBox(image.svg, box) : image.svg,
        box,
        maskColor: image.mask ? (cssValue(output, 'color') ?? '#000000') : null,
      }
    }
    case 'react-ts':
    case 'react-js': {
      const svg = renderReactModule(output, props)
      return { svg, box: boxOf(svg), maskColor: null }
    }
    case 'react-native-ts': {
      // What react-native-svg cannot draw is left out and said so: nothing to compare then.
      if (output.startsWith('// react-native-svg cannot draw'))
        return { skipped: output.split('\n')[1] ?? '' }
      const svg = renderReactNativeModule(output, props)
      return { svg, box: boxOf(svg), maskColor: null }
    }
  }
}

/** The drawn output as pixels, 64 px wide (a CSS mask painted in its colour). */
export function drawnBitmap(drawn: Drawn): Bitmap {
  const bitmap = render(drawn.svg)
  return drawn.maskColor ? paintCoverage(bitmap, drawn.maskColor) : bitmap
}

/**
 * Boxes whose references draw the same 64 px wide image share a key: the same aspect ratio
 * (1em × 1em and 24 × 24 both draw the square viewBox over 64 × 64).
 */
export function referenceKey(box: Box | null): string {
  if (!box) return 'own size'
  const unit = (v: string) => v.replace(/^[\d.]+/, '')
  if (unit(box.width) !== unit(box.height)) return `${box.width} ${box.height}`
  return `ratio ${Math.round((Number.parseFloat(box.width) / Number.parseFloat(box.height)) * 1e6) / 1e6}`
}

/** The stored SVG as pixels in `box` (its own size when null), 64 px wide. */
export function referenceBitmap(stored: string, box: Box | null): Bitmap {
  return render(box ? inBox(stored, box) : stored)
}

/** Share (0..1) of pixels of the drawn output that differ from the reference. */
export function compare(reference: Bitmap, drawn: Drawn): number {
  return diffRatio(reference, drawnBitmap(drawn), CHANNEL_TOLERANCE)
}

const boxText = (box: Box | null): string => (box ? `${box.width} × ${box.height}` : 'no size')

/** Why the drawn output's box is not the format's default box, or null when it is. */
export function boxProblem(stored: string, format: DrawnFormat, drawn: Drawn): string | null {
  const expected = defaultBox(stored, format)
  return boxText(drawn.box) === boxText(expected)
    ? null
    : `sized ${boxText(drawn.box)}, expected ${boxText(expected)}`
}

export interface DrawProblem {
  format: DrawnFormat
  problem: string
}

/** Problems of the formats that do not draw what `stored` draws at their default size; empty when all do. */
export function drawProblems(
  stored: string,
  name: string,
  formats: readonly DrawnFormat[] = ['svg', 'css', 'react-ts', 'react-js', 'react-native-ts'],
  options: ConvertOptions = {},
): DrawProblem[] {
  const own = render(stored)
  if (inkedPixels(own) < 20) return [{ format: 'svg', problem: 'the stored SVG draws (almost) nothing' }]
  const references = new Map<string, Bitmap>()
  const problems: DrawProblem[] = []
  for (const format of formats) {
    try {
      const drawn = drawnMarkup(stored, format, name, {}, options)
      if ('skipped' in drawn) continue
      const box = boxProblem(stored, format, drawn)
      if (box) {
        problems.push({ format, problem: box })
        continue
      }
      const key = referenceKey(drawn.box)
      let reference = references.get(key)
      if (!reference) {
        reference = referenceBitmap(stored, drawn.box)
        references.set(key, reference)
      }
      const ratio = compare(reference, drawn)
      if (ratio > PIXEL_TOLERANCE)
        problems.push({ format, problem: `${(ratio * 100).toFixed(2)}% of pixels differ` })
    } catch (error) {
      problems.push({ format, problem: error instanceof Error ? error.message : String(error) })
    }
  }
  return problems
}
