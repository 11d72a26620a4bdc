// The pipeline's own small element tree: what the sanitizer builds, what normalize edits,
// what the serializer and the converters read. Text children are plain strings.

export const SVG_NS = 'http://www.w3.org/2000/svg'
export const XLINK_NS = 'http://www.w3.org/1999/xlink'
export const XML_NS = 'http://www.w3.org/XML/1998/namespace'

export interface SvgElement {
  name: string
  attrs: Map<string, string>
  children: SvgChild[]
}

export type SvgChild = SvgElement | string

export function isElement(child: SvgChild): child is SvgElement {
  return typeof child !== 'string'
}

/**
 * Calls `visit` for the element and every descendant element, parents first. `ancestors`
 * (root first) is one array shared by all calls: valid during the call only, copy it to keep it.
 */
export function walk(
  element: SvgElement,
  visit: (el: SvgElement, ancestors: readonly SvgElement[]) => void,
): void {
  const ancestors: SvgElement[] = []
  const go = (el: SvgElement): void => {
    visit(el, ancestors)
    ancestors.push(el)
    for (const child of el.children) if (typeof child !== 'string') go(child)
    ancestors.pop()
  }
  go(element)
}

export function usesXlink(root: SvgElement): boolean {
  if (root.attrs.has('xlink:href')) return true
  for (const child of root.children) if (typeof child !== 'string' && usesXlink(child)) return true
  return false
}

export interface SerializeOptions {
  /** Attribute quote character; the CSS data URI uses single quotes. */
  quote?: '"' | "'"
}

const NEEDS_ESCAPE = /[&<>"'\t\n\r]/

const escapeText = (text: string): string =>
  NEEDS_ESCAPE.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text

function escapeAttr(value: string, quote: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value
  const escaped = escapeText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;')
  return quote === '"' ? escaped.replace(/"/g, '&quot;') : escaped.replace(/'/g, '&apos;')
}

/** Serializes a tree to SVG markup with the SVG namespace on the root. */
export function serialize(root: SvgElement, options: SerializeOptions = {}): string {
  const q = options.quote ?? '"'
  const nsAttrs = [`xmlns=${q}${SVG_NS}${q}`]
  if (usesXlink(root)) nsAttrs.push(`xmlns:xlink=${q}${XLINK_NS}${q}`)
  const out: string[] = []
  const write = (el: SvgElement, extra: string[]): void => {
    const attrs = [...extra]
    for (const [name, value] of el.attrs) attrs.push(`${name}=${q}${escapeAttr(value, q)}${q}`)
    out.push(`<${el.name}${attrs.length ? ` ${attrs.join(' ')}` : ''}`)
    if (el.children.length === 0) {
      out.push('/>')
      return
    }
    out.push('>')
    for (const child of el.children) {
      if (typeof child === 'string') out.push(escapeText(child))
      else write(child, [])
    }
    out.push(`</${el.name}>`)
  }
  write(root, nsAttrs)
  return out.join('')
}
