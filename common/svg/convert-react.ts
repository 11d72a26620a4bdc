// React TS and React JS copy formats: a function component whose props are spread on the
// root <svg>. Attribute names follow React DOM (className, strokeWidth, xlinkHref…).

import { parseDeclarations } from './css.ts'
import { camelCase, type JsxAttribute, type JsxDialect, UID, writeJsx } from './jsx.ts'
import { componentName } from './names.ts'
import { type SvgElement, usesXlink, walk, XLINK_NS } from './tree.ts'
import { localRefId, mapLocalUrls } from './values.ts'

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

function reactAttributeName(name: string): string {
  return SPECIAL[name] ?? (REACT_CAMEL.has(name) ? camelCase(name) : name)
}

/** style="" as a React style object: stroke-width → strokeWidth, -webkit-x → WebkitX. */
function reactStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const d of parseDeclarations(style)) out[camelCase(d.property.replace(/^-ms-/, 'ms-'))] = d.value
  return out
}

/** Maps an attribute's (or style property's) value to its per-instance form. */
type IdScope = (name: string, value: string) => string

function dialect(scope: IdScope | null): JsxDialect {
  const map = (name: string, value: string): string => (scope ? scope(name, value) : value)
  return {
    tag: (el) => el.name,
    attributes(el, isRoot) {
      const out: JsxAttribute[] = []
      if (isRoot) {
        out.push({ name: 'xmlns', value: 'http://www.w3.org/2000/svg' })
        if (usesXlink(el)) out.push({ name: 'xmlnsXlink', value: XLINK_NS })
      }
      let style: Record<string, string> | null = null
      for (const [name, value] of el.attrs) {
        if (AS_STYLE.has(name)) style = { [camelCase(name)]: value, ...(style ?? {}) }
        else if (name !== 'style') out.push({ name: reactAttributeName(name), value: map(name, value) })
      }
      // Inline CSS outranks presentation attributes, so style="" comes last.
      const inline = el.attrs.get('style')
      if (inline) style = { ...style, ...reactStyle(inline) }
      if (style && Object.keys(style).length) {
        for (const key of Object.keys(style)) style[key] = map(key, style[key]!)
        out.push({ name: 'style', value: style })
      }
      return out
    },
  }
}

const REFERENCE_LISTS = new Set(['aria-labelledby', 'aria-describedby'])

/**
 * Makes every id, and every reference to one, relative to the rendered instance: `<id>`
 * becomes UID + `-<id>` (written as `${uid}-<id>`, uid from React's useId), so two copies of
 * an icon on one page never share an id. A prefix all ids share (the per-icon one the
 * pipeline gave) is dropped first, as the instance id replaces it. Null when the icon has no ids.
 */
function idScope(root: SvgElement): IdScope | null {
  const ids: string[] = []
  walk(root, (el) => {
    const id = el.attrs.get('id')
    if (id !== undefined) ids.push(id)
  })
  if (ids.length === 0) return null
  const shared = /^[A-Za-z][A-Za-z0-9_]*-(?=.)/.exec(ids[0]!)?.[0]
  const strip = shared && ids.every((id) => id.startsWith(shared) && id.length > shared.length) ? shared : ''
  const local = (id: string): string =>
    `${UID}-${strip && id.startsWith(strip) ? id.slice(strip.length) : id}`
  return (name, value) => {
    if (name === 'id') return local(value)
    if (name === 'href' || name === 'xlink:href') {
      const id = localRefId(value)
      return id === null ? value : `#${local(id)}`
    }
    if (REFERENCE_LISTS.has(name)) return value.trim().split(/\s+/).map(local).join(' ')
    return value.includes('url(') ? mapLocalUrls(value, local) : value
  }
}

export function toReact(root: SvgElement, name: string, typed: boolean): string {
  const component = componentName(name)
  const scope = idScope(root)
  const scoped = scope !== null
  const header = typed
    ? [scoped ? "import { type SVGProps, useId } from 'react'" : "import type { SVGProps } from 'react'", '']
    : scoped
      ? ["import { useId } from 'react'", '']
      : []
  const props = typed ? 'props: SVGProps<SVGSVGElement>' : 'props'
  return [
    ...header,
    `export function ${component}(${props}) {`,
    ...(scoped ? ['  const uid = useId()'] : []),
    '  return (',
    writeJsx(root, dialect(scope), '{...props}', 4),
    '  )',
    '}',
    '',
    `export default ${component}`,
    '',
  ].join('\n')
}
