// React Native TS copy format on react-native-svg. It has no <style>, class, title or desc:
// rules are inlined beforehand, style="" becomes props, and every prop name is camelCase.

import { PRESENTATION_ATTRIBUTES } from './allowlist.ts'
import { parseDeclarations } from './css.ts'
import { camelCase, type JsxAttribute, type JsxDialect, writeJsx } from './jsx.ts'
import { componentName } from './names.ts'
import { collapseTextWhitespace } from './text-whitespace.ts'
import { type SvgElement, walk } from './tree.ts'

const LEFT_OUT = new Set(['title', 'desc', 'style'])

/** react-native-svg's component for an SVG element: path → Path, tspan → TSpan. */
export function nativeTag(name: string): string | null {
  if (LEFT_OUT.has(name)) return null
  if (name === 'tspan') return 'TSpan'
  return name[0]!.toUpperCase() + name.slice(1)
}

function nativeAttributes(el: SvgElement): JsxAttribute[] {
  const props = new Map<string, string>()
  for (const [name, value] of el.attrs) {
    if (name === 'class' || name === 'role' || name === 'style' || /^(?:aria-|data-|xml:)/.test(name))
      continue
    props.set(name === 'xlink:href' ? 'href' : camelCase(name), value)
  }
  // Inline CSS outranks presentation attributes, so style="" props override them.
  for (const d of parseDeclarations(el.attrs.get('style') ?? '')) {
    if (!PRESENTATION_ATTRIBUTES.has(d.property)) continue // e.g. the font shorthand: no such prop
    props.delete(camelCase(d.property))
    props.set(camelCase(d.property), d.value)
  }
  return [...props].map(([name, value]) => ({ name, value }))
}

const dialect: JsxDialect = { tag: (el) => nativeTag(el.name), attributes: nativeAttributes }

export function toReactNative(root: SvgElement, name: string): string {
  const component = componentName(name)
  collapseTextWhitespace(root)
  const used = new Set<string>()
  walk(root, (el) => {
    const tag = nativeTag(el.name)
    if (tag && el !== root) used.add(tag)
  })
  used.delete('Svg')
  const named = [...used].sort()
  const imports = named.length ? `Svg, { ${named.join(', ')} }` : 'Svg'
  return [
    `import ${imports} from 'react-native-svg'`,
    "import type { SvgProps } from 'react-native-svg'",
    '',
    `export function ${component}(props: SvgProps) {`,
    '  return (',
    writeJsx(root, dialect, '{...props}', 4),
    '  )',
    '}',
    '',
    `export default ${component}`,
    '',
  ].join('\n')
}
