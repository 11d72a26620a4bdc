// CSS copy format: a class that paints currentColor through the icon used as a mask, so
// the icon follows the text colour. The SVG travels as a percent-encoded data URI.

import { cssClassName } from './names.ts'
import { parseViewBox } from './normalize.ts'
import { type SvgElement, serialize } from './tree.ts'

/** Percent-encodes what a data URI inside url("…") cannot hold as is. */
export function svgDataUri(svg: string): string {
  const encoded = svg.replace(/[^ !$&'()*+,\-./0-9:;=?@A-Z[\]_a-z~]/gu, (c) => encodeURIComponent(c))
  return `data:image/svg+xml,${encoded}`
}

function round(n: number): string {
  return String(Math.round(n * 10_000) / 10_000)
}

export function toCss(root: SvgElement, name: string): string {
  const uri = svgDataUri(serialize(root, { quote: "'" }))
  const box = parseViewBox(root.attrs.get('viewBox'))
  const ratio = box ? box[2] / box[3] : 1
  return [
    `.${cssClassName(name)} {`,
    '  display: inline-block;',
    `  width: ${round(ratio)}em;`,
    '  height: 1em;',
    `  aspect-ratio: ${box ? `${round(box[2])} / ${round(box[3])}` : '1'};`,
    '  background-color: currentColor;',
    `  -webkit-mask-image: url("${uri}");`,
    `  mask-image: url("${uri}");`,
    '  -webkit-mask-repeat: no-repeat;',
    '  mask-repeat: no-repeat;',
    '  -webkit-mask-position: center;',
    '  mask-position: center;',
    '  -webkit-mask-size: 100% 100%;',
    '  mask-size: 100% 100%;',
    '}',
    '',
  ].join('\n')
}
