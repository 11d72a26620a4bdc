// React TS and React JS copy formats: a function component whose props are spread on the
// root <svg>. Attribute names follow React DOM (className, strokeWidth, xlinkHref…).

import type { Accessibility } from './accessible.ts'
import { parseDeclarations } from './css.ts'
import { type IdScope, idScope } from './instance-ids.ts'
import { camelCase, type JsxAttribute, JsxCode, type JsxDialect, UID, writeJsx } from './jsx.ts'
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

function reactAttributeName(name: string): string {
  return SPECIAL[name] ?? (REACT_CAMEL.has(name) ? camelCase(name) : name)
}

/** style="" as a React style object: stroke-width → strokeWidth, -webkit-x → WebkitX. */
function reactStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const d of parseDeclarations(style)) out[camelCase(d.property.replace(/^-ms-/, 'ms-'))] = d.value
  return out
}

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

/**
 * `a11y` (ADR 0106): the component takes either a `title` (its label otherwise) or `decorative`
 * (a union type in TS). Labelled: role="img", a <title> (and <desc>) with ids from the instance's
 * useId(), like every id of the drawing; decorative: aria-hidden and no title.
 */
export function toReact(
  root: SvgElement,
  name: string,
  typed: boolean,
  a11y: Accessibility | null = null,
): string {
  if (a11y) return toAccessibleReact(root, name, typed, a11y)
  const component = componentName(name)
  const scope = idScope(root, (id) => `${UID}-${id}`)
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

/** The generated code's id of the title or description: a template literal around the instance's uid. */
const idOf = (what: 'title' | 'desc') => `\`\${uid}${what}\``

/** The root attributes and first children of a labelled-or-hidden component (`hidden`, `uid` in scope). */
function accessibleParts(a11y: Accessibility) {
  const described = a11y.description !== ''
  const attributes: JsxAttribute[] = [
    { name: 'role', value: new JsxCode("hidden ? undefined : 'img'") },
    { name: 'aria-hidden', value: new JsxCode('hidden || undefined') },
    { name: 'aria-labelledby', value: new JsxCode(`hidden ? undefined : ${idOf('title')}`) },
  ]
  if (described)
    attributes.push({ name: 'aria-describedby', value: new JsxCode(`hidden ? undefined : ${idOf('desc')}`) })
  const label = JSON.stringify(a11y.label)
  const first = [new JsxCode(`hidden ? null : <title id={${idOf('title')}}>{title ?? ${label}}</title>`)]
  if (described)
    first.push(
      new JsxCode(`hidden ? null : <desc id={${idOf('desc')}}>{${JSON.stringify(a11y.description)}}</desc>`),
    )
  return { attributes, first }
}

function toAccessibleReact(root: SvgElement, name: string, typed: boolean, a11y: Accessibility): string {
  const component = componentName(name)
  const scope = idScope(root, (id) => `${UID}-${id}`)
  const base = dialect(scope)
  const { attributes, first } = accessibleParts(a11y)
  const withA11y: JsxDialect = {
    tag: base.tag,
    attributes: (el, isRoot) =>
      isRoot ? [...base.attributes(el, isRoot), ...attributes] : base.attributes(el, isRoot),
  }
  const header = typed
    ? [
        "import { type SVGProps, useId } from 'react'",
        '',
        '/** Either a title (the accessible name; the stored label otherwise) or decorative (hidden). */',
        "type IconProps = Omit<SVGProps<SVGSVGElement>, 'title'> &",
        '  ({ title?: string; decorative?: false } | { title?: undefined; decorative: true })',
        '',
      ]
    : ["import { useId } from 'react'", '']
  return [
    ...header,
    `export function ${component}({ title, decorative, ...props }${typed ? ': IconProps' : ''}) {`,
    '  const uid = useId()',
    // A decorative icon stays hidden unless the caller names it (a title) or un-hides it.
    a11y.decorative
      ? '  const hidden = decorative ?? title === undefined'
      : '  const hidden = decorative === true',
    '  return (',
    writeJsx(root, withA11y, '{...props}', 4, first),
    '  )',
    '}',
    '',
    `export default ${component}`,
    '',
  ].join('\n')
}
