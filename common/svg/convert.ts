// The five copy formats of one stored icon. Every format is built from the sanitized tree,
// so converting never lets through what the sanitizer would refuse.

import { applyCurrentColor } from './colors.ts'
import { toCss } from './convert-css.ts'
import { toReact } from './convert-react.ts'
import { toReactNative } from './convert-react-native.ts'
import { SvgError } from './errors.ts'
import { inlineStyles } from './inline-styles.ts'
import { ensureViewBox } from './normalize.ts'
import { readSvg } from './sanitize.ts'
import { serialize } from './tree.ts'

export const COPY_FORMATS = ['svg', 'css', 'react-ts', 'react-js', 'react-native-ts'] as const

export type CopyFormat = (typeof COPY_FORMATS)[number]

export const COPY_FORMAT_LABELS: Readonly<Record<CopyFormat, string>> = {
  svg: 'SVG',
  css: 'CSS',
  'react-ts': 'React TS',
  'react-js': 'React JS',
  'react-native-ts': 'React Native TS',
}

export function isCopyFormat(value: unknown): value is CopyFormat {
  return typeof value === 'string' && (COPY_FORMATS as readonly string[]).includes(value)
}

/**
 * The icon in one copy format: svg → the markup; css → a `.kebab-name {…}` rule;
 * react-ts / react-js → a module exporting `function PascalName(props)` (named and default);
 * react-native-ts → the same on react-native-svg. Every format keeps (or derives) the
 * viewBox, has <style> rules inlined, and paints a single-colour icon in currentColor
 * (colors.ts); multicolour icons keep their colours.
 */
export function convertSvg(svg: string, format: CopyFormat, name: string): string {
  if (!isCopyFormat(format)) throw new SvgError('unknown_format', String(format))
  const tree = inlineStyles(readSvg(svg))
  ensureViewBox(tree)
  const { monochrome } = applyCurrentColor(tree)
  switch (format) {
    case 'svg':
      return serialize(tree)
    case 'css':
      return toCss(tree, name, monochrome)
    case 'react-ts':
      return toReact(tree, name, true)
    case 'react-js':
      return toReact(tree, name, false)
    case 'react-native-ts':
      return toReactNative(tree, name)
  }
}
