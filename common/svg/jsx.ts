// Writes a tree as JSX for the React and React Native formats. Attribute values and text
// go out as string literals or JSON string expressions, never as raw code.

import type { SvgElement } from './tree.ts'

export type JsxValue = string | Record<string, string>

export interface JsxAttribute {
  name: string
  value: JsxValue
}

export interface JsxDialect {
  /** JSX tag for an element, or null to leave it (and its subtree) out. */
  tag(el: SvgElement): string | null
  attributes(el: SvgElement, isRoot: boolean): JsxAttribute[]
}

/** Text a plain JSX attribute string can hold without entity decoding or escapes. */
const PLAIN = /^[^"&{}<>\\\n\r\t]*$/

function writeAttribute({ name, value }: JsxAttribute): string {
  if (typeof value === 'string')
    return PLAIN.test(value) ? `${name}="${value}"` : `${name}={${JSON.stringify(value)}}`
  const entries = Object.entries(value).map(
    ([k, v]) => `${/^[A-Za-z]\w*$/.test(k) ? k : JSON.stringify(k)}: ${JSON.stringify(v)}`,
  )
  return `${name}={{ ${entries.join(', ')} }}`
}

/** Camel-cases a hyphenated name: stroke-width → strokeWidth. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
}

/** JSX for the tree, indented by `indent` spaces; `spread` (e.g. {...props}) goes on the root. */
export function writeJsx(root: SvgElement, dialect: JsxDialect, spread: string, indent: number): string {
  const lines: string[] = []
  const write = (el: SvgElement, depth: number, isRoot: boolean): void => {
    const tag = dialect.tag(el)
    if (tag === null) return
    const pad = ' '.repeat(indent + depth * 2)
    const attrs = dialect.attributes(el, isRoot).map(writeAttribute)
    if (isRoot) attrs.push(spread)
    const open = `${pad}<${tag}${attrs.length ? ` ${attrs.join(' ')}` : ''}`
    const children = el.children.filter((c) => typeof c === 'string' || dialect.tag(c) !== null)
    if (children.length === 0) {
      lines.push(`${open} />`)
      return
    }
    lines.push(`${open}>`)
    for (const child of children) {
      if (typeof child === 'string') lines.push(`${pad}  {${JSON.stringify(child)}}`)
      else write(child, depth + 1, false)
    }
    lines.push(`${pad}</${tag}>`)
  }
  write(root, 0, true)
  return lines.join('\n')
}
