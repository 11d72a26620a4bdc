// The five copy formats of one stored icon. Every format is built from the sanitized tree,
// so converting never lets through what the sanitizer would refuse.

import {
  accessibilityOf,
  dropOwnAccessibility,
  freshInstance,
  type MeaningOptions,
  makeAccessible,
} from './accessible.ts'
import { applyCurrentColor } from './colors.ts'
import { toCss } from './convert-css.ts'
import { emWidth, setRootDefaults } from './convert-defaults.ts'
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
 * label, description, decorative (ADR 0106): what the icon means. Given any of them, every
 * format carries it (accessible.ts); given none, the output is as it always was.
 */
export interface ConvertOptions extends MeaningOptions {
  /** CSS only: put before the class name (`brand-` → `.brand-arrow-left`); none by default. */
  classPrefix?: string
  /**
   * SVG with meaning: this copy's id prefix (a letter, then letters, digits, - or _): its drawing's
   * ids and its title's start with it. A fresh random one by default, so two pasted copies never
   * share an id; give one for the same output every time (an export).
   */
  instance?: string
}

const INSTANCE = /^[A-Za-z][\w-]{0,299}$/

/**
 * The icon in one copy format: svg → the markup; css → a `.kebab-name {…}` rule;
 * react-ts / react-js → a module exporting `function PascalName(props)` (named and default);
 * react-native-ts → the same on react-native-svg, with a `size` prop. Every format keeps (or
 * derives) the viewBox, has <style> rules inlined, is 1em high by default (React Native: 24),
 * and paints a single-colour icon in currentColor (colors.ts), with the colour it declared as
 * the default `color` (convert-defaults.ts); multicolour icons keep their colours. `options` (the
 * optional last argument; without it the output is as it always was): the CSS class prefix, and
 * what the icon means (label, description, decorative: ADR 0106), which every format then emits.
 */
export function convertSvg(
  svg: string,
  format: CopyFormat,
  name: string,
  options: ConvertOptions = {},
): string {
  if (!isCopyFormat(format)) throw new SvgError('unknown_format', String(format))
  if (options.instance !== undefined && !INSTANCE.test(options.instance))
    throw new SvgError('invalid_id_prefix', options.instance)
  const a11y = accessibilityOf(name, options)
  const tree = inlineStyles(readSvg(svg))
  ensureViewBox(tree)
  const { replaced, declared, monochrome } = applyCurrentColor(tree)
  // The black of a fill nobody set is no chosen colour: such an icon follows the text colour.
  const color = declared ? replaced : null
  if (format === 'css') return toCss(tree, name, monochrome, color, options.classPrefix, a11y)
  if (a11y) dropOwnAccessibility(tree)
  const width = emWidth(tree)
  if (format === 'react-native-ts') {
    setRootDefaults(tree, null, color)
    return toReactNative(tree, name, width !== null, a11y)
  }
  setRootDefaults(tree, width ? { width, height: '1em' } : null, color)
  if (format === 'svg') {
    if (a11y) makeAccessible(tree, a11y, options.instance ?? freshInstance())
    return serialize(tree)
  }
  return toReact(tree, name, format === 'react-ts', a11y)
}
