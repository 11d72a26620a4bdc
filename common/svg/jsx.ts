// Writes a tree as JSX for the React and React Native formats. Attribute values and text
// go out as string literals or JSON string expressions, never as raw code.

import type { SvgElement } from './tree.ts'

/** A JS expression the converter itself writes (e.g. `size`), never a value from the icon. */
export class JsxCode {
  readonly code: string
  constructor(code: string) {
    this.code = code
  }
}

type JsxValue = string | Record<string, string> | JsxCode

export interface JsxAttribute {
  name: string
  value: JsxValue
}

export interface JsxDialect {
  /** JSX tag for an element, or null to leave it (and its subtree) out. */
  tag(el: SvgElement): string | null
  attributes(el: SvgElement, isRoot: boolean): JsxAttribute[]
}

/**
 * Stands for the component's per-instance id (`const uid = useId()`) inside a value: such a
 * value is written as a template literal with `${uid}` in its place. The sanitizer lets no
 * NUL through, so the marker cannot come from an icon.
 */
export const UID = '\u0000'

/** What a plain JSX attribute string cannot hold as is (entities, escapes, the UID marker). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: \u0000 is the UID marker
const NOT_PLAIN = /["&{}<>\\\n\r\t\u0000]/

/** A JS expression for the value: a string literal, or a template literal around `uid`. */
function expression(value: string): string {
  if (!value.includes(UID)) return JSON.stringify(value)
  const parts = value
    .split(UID)
    .map((part) => JSON.stringify(part).slice(1, -1).replace(/`/g, '\\`').replace(/\$\{/g, '\\${'))
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code's template literal
  return `\`${parts.join('${uid}')}\``
}

function writeAttribute({ name, value }: JsxAttribute): string {
  if (value instanceof JsxCode) return `${name}={${value.code}}`
  if (typeof value === 'string')
    return NOT_PLAIN.test(value) ? `${name}={${expression(value)}}` : `${name}="${value}"`
  const entries = Object.entries(value).map(
    ([k, v]) => `${/^[A-Za-z]\w*$/.test(k) ? k : JSON.stringify(k)}: ${expression(v)}`,
  )
  return `${name}={{ ${entries.join(', ')} }}`
}

const camelCases = new Map<string, string>()

/** Camel-cases a hyphenated name: stroke-width → strokeWidth. */
export function camelCase(name: string): string {
  let camel = camelCases.get(name)
  if (camel === undefined) {
    camel = name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
    // Names come from the allowlists (and CSS properties), so the cache stays small.
    if (camelCases.size < 2_000) camelCases.set(name, camel)
  }
  return camel
}

/**
 * JSX for the tree, indented by `indent` spaces; `spread` (e.g. {...props}) goes on the root, and
 * `first` (JSX expressions the converter writes, such as the accessible title) are its first children.
 */
export function writeJsx(
  root: SvgElement,
  dialect: JsxDialect,
  spread: string,
  indent: number,
  first: readonly JsxCode[] = [],
): string {
  const lines: string[] = []
  const pads: string[] = []
  const write = (el: SvgElement, depth: number, isRoot: boolean): void => {
    const tag = dialect.tag(el)
    if (tag === null) return
    let pad = pads[depth]
    if (pad === undefined) {
      pad = ' '.repeat(indent + depth * 2)
      pads[depth] = pad
    }
    const attrs = dialect.attributes(el, isRoot).map(writeAttribute)
    if (isRoot) attrs.push(spread)
    const open = `${pad}<${tag}${attrs.length ? ` ${attrs.join(' ')}` : ''}`
    const children = el.children.filter((c) => typeof c === 'string' || dialect.tag(c) !== null)
    const leading = isRoot ? first : []
    if (children.length === 0 && leading.length === 0) {
      lines.push(`${open} />`)
      return
    }
    lines.push(`${open}>`)
    for (const code of leading) lines.push(`${pad}  {${code.code}}`)
    for (const child of children) {
      if (typeof child === 'string') lines.push(`${pad}  {${JSON.stringify(child)}}`)
      else write(child, depth + 1, false)
    }
    lines.push(`${pad}</${tag}>`)
  }
  write(root, 0, true)
  return lines.join('\n')
}
