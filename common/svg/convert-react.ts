// React TS and React JS copy formats: a function component whose props are spread on the
// root <svg>. Attribute names follow React DOM (className, strokeWidth, xlinkHref…).

import { parseDeclarations } from './css.ts'
import { camelCase, type JsxAttribute, type JsxDialect, writeJsx } from './jsx.ts'
import { componentName } from './names.ts'
import { type SvgElement, usesXlink, XLINK_NS } from './tree.ts'

/** Hyphenated attributes React DOM knows by a camelCase name; other ones stay hyphenated. */
const REACT_CAMEL = new Set(
  [
    'alignment-baseline baseline-shift clip-path clip-rule color-interpolation color-interpolation-filters',
    'dominant-baseline fill-opacity fill-rule flood-color flood-opacity font-family font-size',
    'font-size-adjust font-stretch font-style font-variant font-weight image-rendering letter-spacing',
    'lighting-color marker-end marker-mid marker-start paint-order shape-rendering stop-color',
    'stop-opacity stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit',
    'stroke-opacity stroke-width text-anchor text-decoration text-rendering unicode-bidi',
    'vector-effect word-spacing writing-mode',
  ]
    .join(' ')
    .split(' '),
)

/** Presentation attributes React's types lack and React warns about when hyphenated: written as
 * inline style, which they equal. Others React does not know (mask-type) stay hyphenated. */
const AS_STYLE = new Set(['transform-origin'])

const SPECIAL: Record<string, string> = {
  class: 'className',
  'xlink:href': 'xlinkHref',
  'xml:space': 'xmlSpace',
  'xml:lang': 'xmlLang',
}

export function reactAttributeName(name: string): string {
  return SPECIAL[name] ?? (REACT_CAMEL.has(name) ? camelCase(name) : name)
}

/** style="" as a React style object: stroke-width → strokeWidth, -webkit-x → WebkitX. */
export function reactStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const d of parseDeclarations(style)) out[camelCase(d.property.replace(/^-ms-/, 'ms-'))] = d.value
  return out
}

const dialect: JsxDialect = {
  tag: (el) => el.name,
  attributes(el, isRoot) {
    const out: JsxAttribute[] = []
    if (isRoot) {
      out.push({ name: 'xmlns', value: 'http://www.w3.org/2000/svg' })
      if (usesXlink(el)) out.push({ name: 'xmlnsXlink', value: XLINK_NS })
    }
    let style: Record<string, string> = {}
    for (const [name, value] of el.attrs) {
      if (AS_STYLE.has(name)) style = { [camelCase(name)]: value, ...style }
      else if (name !== 'style') out.push({ name: reactAttributeName(name), value })
    }
    // Inline CSS outranks presentation attributes, so style="" comes last.
    style = { ...style, ...reactStyle(el.attrs.get('style') ?? '') }
    if (Object.keys(style).length) out.push({ name: 'style', value: style })
    return out
  },
}

export function toReact(root: SvgElement, name: string, typed: boolean): string {
  const component = componentName(name)
  const header = typed ? ["import type { SVGProps } from 'react'", ''] : []
  const props = typed ? 'props: SVGProps<SVGSVGElement>' : 'props'
  return [
    ...header,
    `export function ${component}(${props}) {`,
    '  return (',
    writeJsx(root, dialect, '{...props}', 4),
    '  )',
    '}',
    '',
    `export default ${component}`,
    '',
  ].join('\n')
}
