// CSS copy format: a class that paints currentColor through the icon used as a mask, so
// the icon follows the text colour; a single-colour icon drawn in a fixed colour sets that
// colour as the class's `color`, which any other `color` on the element overrides. A
// multicolour icon cannot be a mask without losing its colours, nor can an icon with a filter
// (a filter may change colours, and a mask keeps only coverage): it is the element's background
// image instead, its own colour set inside the image. 1em high, its width from the viewBox. The
// SVG travels as a percent-encoded data URI.

import type { Accessibility } from './accessible.ts'
import { paintsInCurrentColorOnly } from './colors.ts'
import { cssClassName } from './names.ts'
import { parseViewBox } from './normalize.ts'
import { type SvgElement, serialize, walk } from './tree.ts'

// Everything but  !$&'()*+,-./0-9:;=?@A-Z[]_a-z~  is percent-encoded: '%' and the rarer
// characters first (one regex), then the four that every icon is full of (plain replaceAll,
// much faster than a callback per character).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must be encoded
const RARE = /[%\\^`{|}\u0000-\u001f\u007f-\u{10ffff}]/gu

/** Percent-encodes what a data URI inside url("…") cannot hold as is. */
export function svgDataUri(svg: string): string {
  const encoded = svg
    .replace(RARE, (c) => encodeURIComponent(c))
    .replaceAll('"', '%22')
    .replaceAll('#', '%23')
    .replaceAll('<', '%3C')
    .replaceAll('>', '%3E')
  return `data:image/svg+xml,${encoded}`
}

function round(n: number): string {
  return String(Math.round(n * 10_000) / 10_000)
}

function hasFilter(root: SvgElement): boolean {
  let found = false
  walk(root, (el) => {
    if (el.name === 'filter') found = true
  })
  return found
}

/** Text for an HTML attribute inside a CSS comment: escaped, and never closing the comment. */
const inComment = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\*\//g, '*&#47;')

/**
 * How to use the class accessibly (ADR 0106), as a comment inside the rule: a CSS image says
 * nothing to assistive technology, so the element names it (role="img", aria-label) or is hidden.
 */
function usage(className: string, a11y: Accessibility): string {
  const says = a11y.decorative ? 'aria-hidden="true"' : `role="img" aria-label="${inComment(a11y.label)}"`
  return `  /* Use: <span class="${inComment(className)}" ${says}></span> */`
}

/**
 * `monochrome`: the icon paints only in currentColor (paintsInCurrentColorOnly), if known;
 * `color`: the colour it was drawn in before (its default text colour), if any; `prefix`: put
 * before the class name (ADR 0105); `a11y`: what the icon means, said in a usage comment.
 */
export function toCss(
  root: SvgElement,
  name: string,
  monochrome = paintsInCurrentColorOnly(root),
  color: string | null = null,
  prefix = '',
  a11y: Accessibility | null = null,
): string {
  const mask = monochrome && !hasFilter(root)
  // In an image currentColor means black: the image carries its own colour.
  const image = mask || !color ? root : { ...root, attrs: new Map([...root.attrs, ['color', color]]) }
  const uri = svgDataUri(serialize(image, { quote: "'" }))
  const box = parseViewBox(root.attrs.get('viewBox'))
  const ratio = box ? box[2] / box[3] : 1
  const paint = mask
    ? [
        ...(color ? [`  color: ${color};`] : []),
        '  background-color: currentColor;',
        `  -webkit-mask-image: url("${uri}");`,
        `  mask-image: url("${uri}");`,
        '  -webkit-mask-repeat: no-repeat;',
        '  mask-repeat: no-repeat;',
        '  -webkit-mask-position: center;',
        '  mask-position: center;',
        '  -webkit-mask-size: 100% 100%;',
        '  mask-size: 100% 100%;',
      ]
    : [
        `  background-image: url("${uri}");`,
        '  background-repeat: no-repeat;',
        '  background-position: center;',
        '  background-size: 100% 100%;',
      ]
  const className = `${prefix}${cssClassName(name)}`
  return [
    `.${className} {`,
    ...(a11y ? [usage(className, a11y)] : []),
    '  display: inline-block;',
    `  width: ${round(ratio)}em;`,
    '  height: 1em;',
    `  aspect-ratio: ${box ? `${round(box[2])} / ${round(box[3])}` : '1'};`,
    ...paint,
    '}',
    '',
  ].join('\n')
}
