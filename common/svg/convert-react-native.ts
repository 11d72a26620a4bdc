// React Native TS copy format on react-native-svg. It has no <style>, class, title or desc:
// rules are inlined beforehand, style="" becomes props, and every prop name is camelCase.
// Props and values follow react-native-svg's own types (react-native-props.ts, generated from
// them); whatever it cannot draw is left out and listed in a comment at the top. A `size` prop
// (default NATIVE_SIZE) sets width and height; any prop, width and height too, overrides.

import type { Accessibility } from './accessible.ts'
import { NATIVE_SIZE } from './convert-defaults.ts'
import { parseDeclarations } from './css.ts'
import { camelCase, type JsxAttribute, JsxCode, type JsxDialect, writeJsx } from './jsx.ts'
import { componentName } from './names.ts'
import { NATIVE_PROPS_SOURCE } from './react-native-props.ts'
import { collapseTextWhitespace } from './text-whitespace.ts'
import { type SvgElement, walk } from './tree.ts'

const LEFT_OUT = new Set(['title', 'desc', 'style'])

const nativeTags = new Map<string, string | null>()

/** react-native-svg's component for an SVG element: path → Path, tspan → TSpan. */
export function nativeTag(name: string): string | null {
  let tag = nativeTags.get(name)
  if (tag === undefined) {
    tag = LEFT_OUT.has(name) ? null : name === 'tspan' ? 'TSpan' : name[0]!.toUpperCase() + name.slice(1)
    nativeTags.set(name, tag) // names come from the element allowlist
  }
  return tag
}

/**
 * Filter primitives react-native-svg declares but does not draw (it warns "not yet supported
 * on native platforms"; the list of warnUnimplementedFilter in its src/lib/util.ts, plus
 * FeDistantLight which calls it too).
 */
export const UNDRAWN_FILTER_PRIMITIVES: ReadonlySet<string> = new Set([
  'FeComponentTransfer',
  'FeConvolveMatrix',
  'FeDiffuseLighting',
  'FeDisplacementMap',
  'FeDistantLight',
  'FeFuncA',
  'FeFuncB',
  'FeFuncG',
  'FeFuncR',
  'FeImage',
  'FeMorphology',
  'FePointLight',
  'FeSpecularLighting',
  'FeSpotLight',
  'FeTile',
  'FeTurbulence',
])

/** component → prop → allowed values (null: any string). */
const NATIVE_PROPS: ReadonlyMap<string, ReadonlyMap<string, readonly string[] | null>> = new Map(
  Object.entries(NATIVE_PROPS_SOURCE).map(([component, list]) => [
    component,
    new Map(
      list
        .split(' ')
        .filter(Boolean)
        .map((entry) => {
          const [name, values] = entry.split('=') as [string, string | undefined]
          return [name, values ? values.split('|') : null] as const
        }),
    ),
  ]),
)

/**
 * x, y and scale are also react-native-svg's (deprecated) transform props: on elements where
 * SVG gives them no meaning (a path's x, the outermost svg's x are ignored by browsers) they
 * would move the shape. A nested svg's x and y place it, as the translation does.
 */
const POSITIONED = /^(?:svg|rect|use|text|tspan|pattern|mask|filter|symbol|fe[A-Z]\w*)$/
const TRANSFORM_LIKE: Record<string, (element: string, isRoot: boolean) => boolean> = {
  x: (el, isRoot) => !isRoot && POSITIONED.test(el),
  y: (el, isRoot) => !isRoot && POSITIONED.test(el),
  scale: (el) => el === 'feDisplacementMap',
}

/** Attributes that do not draw: left out without a word. */
const SILENT = /^(?:class|role|style|version|lang|aria-.*|data-.*|xml:.*)$/

/** What react-native-svg cannot draw, as `label → reason`, collected during one conversion. */
type Report = Map<string, string>

/** Text safe inside a `//` comment: printable ASCII only (no line terminators), at most 60 characters. */
function commentText(text: string): string {
  const safe = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return safe.length > 60 ? `${safe.slice(0, 57)}...` : safe
}

function attributeProps(el: SvgElement, isRoot: boolean, report: Report): JsxAttribute[] {
  const component = nativeTag(el.name) ?? ''
  const known = NATIVE_PROPS.get(component)
  const props = new Map<string, string>()
  const take = (attr: string, value: string): void => {
    if (SILENT.test(attr)) return
    const name = attr === 'xlink:href' ? 'href' : camelCase(attr)
    const transformLike = TRANSFORM_LIKE[name]
    if (transformLike && !transformLike(el.name, isRoot)) return // ignored by SVG too
    const allowed = known?.get(name)
    if (allowed === undefined) {
      report.set(`${attr} on <${el.name}>`, 'no such prop')
      return
    }
    const v = value.trim()
    if (allowed !== null && !allowed.includes(v)) {
      if (v !== 'inherit') report.set(`${attr}="${commentText(v)}" on <${el.name}>`, 'value not supported')
      return
    }
    props.delete(name) // a later declaration (style="") wins and goes last
    props.set(name, value)
  }
  for (const [name, value] of el.attrs) take(name, value)
  // Inline CSS outranks presentation attributes, so style="" props override them.
  const style = el.attrs.get('style')
  if (style) for (const d of parseDeclarations(style)) take(d.property, d.value)
  return [...props].map(([name, value]) => ({ name, value }))
}

const SIZE = new JsxCode('size')

/**
 * The root props of a labelled-or-hidden component (`hidden`, `title` in scope, ADR 0106): no
 * <title> (it breaks iOS), the platform's accessibility props instead; a description has no place.
 */
const accessibleProps = (label: string): JsxAttribute[] => [
  { name: 'accessible', value: new JsxCode('!hidden') },
  { name: 'accessibilityRole', value: new JsxCode("hidden ? undefined : 'image'") },
  {
    name: 'accessibilityLabel',
    value: new JsxCode(`hidden ? undefined : (title ?? ${JSON.stringify(label)})`),
  },
  { name: 'accessibilityElementsHidden', value: new JsxCode('hidden') },
  { name: 'importantForAccessibility', value: new JsxCode("hidden ? 'no-hide-descendants' : 'auto'") },
]

/** The component's first lines: its props type (with meaning: ADR 0106) and its signature. */
function signature(component: string, sized: boolean, a11y: Accessibility | null): string[] {
  const size = `size = ${NATIVE_SIZE}, `
  if (!a11y)
    return [
      sized
        ? `export function ${component}({ ${size}...props }: SvgProps & { size?: number | string }) {`
        : `export function ${component}(props: SvgProps) {`,
    ]
  return [
    '/** Either a title (the accessible name; the stored label otherwise) or decorative (hidden). */',
    `type IconProps = Omit<SvgProps, 'title'>${sized ? ' & { size?: number | string }' : ''} &`,
    '  ({ title?: string; decorative?: false } | { title?: undefined; decorative: true })',
    '',
    `export function ${component}({ ${sized ? size : ''}title, decorative, ...props }: IconProps) {`,
    // A decorative icon stays hidden unless the caller names it (a title) or un-hides it.
    a11y.decorative
      ? '  const hidden = decorative ?? title === undefined'
      : '  const hidden = decorative === true',
  ]
}

/**
 * `sized`: the root has a viewBox, so a `size` prop sets its width and height (and replaces any).
 * `a11y`: the component takes a `title` or `decorative` (accessibleProps).
 */
export function toReactNative(
  root: SvgElement,
  name: string,
  sized = false,
  a11y: Accessibility | null = null,
): string {
  const component = componentName(name)
  collapseTextWhitespace(root)
  if (sized) {
    root.attrs.delete('width')
    root.attrs.delete('height')
  }
  const report: Report = new Map()
  const used = new Set<string>()
  walk(root, (el) => {
    const tag = nativeTag(el.name)
    if (!tag || el === root) return
    used.add(tag)
    if (UNDRAWN_FILTER_PRIMITIVES.has(tag))
      report.set(`<${el.name}>`, 'filter primitive not drawn on native platforms')
  })
  const dialect: JsxDialect = {
    tag: (el) => nativeTag(el.name),
    attributes: (el, isRoot) => {
      const props = attributeProps(el, isRoot, report)
      if (!isRoot) return props
      const meaning = a11y ? accessibleProps(a11y.label) : []
      return sized
        ? [{ name: 'width', value: SIZE }, { name: 'height', value: SIZE }, ...props, ...meaning]
        : [...props, ...meaning]
    },
  }
  const jsx = writeJsx(root, dialect, '{...props}', 4)
  used.delete('Svg')
  const named = [...used].sort()
  const imports = named.length ? `Svg, { ${named.join(', ')} }` : 'Svg'
  const notes = report.size
    ? [
        '// react-native-svg cannot draw all of this icon; left out:',
        ...[...report].map(([label, reason]) => `//   ${label}: ${reason}`),
      ]
    : []
  return [
    ...notes,
    `import ${imports} from 'react-native-svg'`,
    "import type { SvgProps } from 'react-native-svg'",
    '',
    ...signature(component, sized, a11y),
    '  return (',
    jsx,
    '  )',
    '}',
    '',
    `export default ${component}`,
    '',
  ].join('\n')
}
