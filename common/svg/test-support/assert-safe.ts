// Test support: an independent static check that markup cannot run or load anything.
// It does not reuse the sanitizer's allowlist; it looks for what must never be there.

import { DOMParser, type Element } from '@xmldom/xmldom'

const SVG_NS = 'http://www.w3.org/2000/svg'
const OK_ATTR_NS = new Set([null, 'http://www.w3.org/1999/xlink', 'http://www.w3.org/XML/1998/namespace'])
const FORBIDDEN_ELEMENTS =
  /^(?:script|foreignobject|iframe|embed|object|image|feimage|animate|animatemotion|animatetransform|animatecolor|set|discard|handler|listener|a|img|video|audio|link|meta|base|form|input|button|html|body|cursor|font-face-uri|tref|color-profile|switch)$/i
const BAD_VALUE =
  /javascript:|vbscript:|livescript:|mocha:|data:|file:|https?:|ftp:|\/\/|expression\(|@import|@font-face|behavior|binding|\\|url\((?!#)|url\(#[^)]*[^\w.:)-]/

const compact = (value: string): string =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\ufeff]/g, '')
    .replace(/url\((['"])(#[^'"]*)\1\)/gi, 'url($2)')
    .toLowerCase()

/** Problems found in the markup; empty when it is safe. */
export function safetyProblems(markup: string): string[] {
  const problems: string[] = []
  if (/<!DOCTYPE|<!ENTITY|<\?|<!\[CDATA\[|<!--/i.test(markup))
    problems.push('declaration, PI, CDATA or comment')
  if (/<\s*script|<\s*foreignobject|<[^>]*\son[a-z]+\s*=/i.test(markup))
    problems.push('script, foreignObject or handler text')
  let root: Element | null = null
  try {
    const onError = (_l: string, message: string): never => {
      throw new Error(message)
    }
    root = new DOMParser({ onError }).parseFromString(markup, 'image/svg+xml').documentElement
  } catch (error) {
    return [...problems, `not well-formed: ${(error as Error).message}`]
  }
  if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NS) problems.push('root is not an SVG <svg>')
  const visit = (el: Element): void => {
    if (el.namespaceURI !== SVG_NS) problems.push(`element outside SVG namespace: ${el.tagName}`)
    if (FORBIDDEN_ELEMENTS.test(el.localName ?? '')) problems.push(`forbidden element <${el.localName}>`)
    for (let i = 0; i < el.attributes.length; i++) {
      const attr = el.attributes.item(i)!
      if (attr.name === 'xmlns' || attr.prefix === 'xmlns') continue
      const name = attr.localName ?? attr.name
      const value = compact(attr.value)
      if (!OK_ATTR_NS.has(attr.namespaceURI)) problems.push(`attribute in foreign namespace: ${attr.name}`)
      if (/^on/i.test(name)) problems.push(`event handler ${attr.name}`)
      if (
        /^(?:src|action|formaction|xml:base|base|to|from|by|values|attributename|begin)$/i.test(attr.name)
      ) {
        if (el.localName !== 'feColorMatrix' || attr.name !== 'values')
          problems.push(`attribute ${attr.name}`)
      }
      if (name === 'href' && !/^#[\p{L}\p{N}_.:-]+$/u.test(attr.value)) problems.push(`href ${attr.value}`)
      if (BAD_VALUE.test(value)) problems.push(`value of ${attr.name}: ${attr.value.slice(0, 80)}`)
    }
    const text = el.localName === 'style' ? (el.textContent ?? '') : ''
    if (/[<\\]/.test(text) || BAD_VALUE.test(compact(text))) problems.push('unsafe <style>')
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1) visit(child as Element)
      else if (child.nodeType !== 3) problems.push(`node of type ${child.nodeType}`)
    }
  }
  if (root) visit(root)
  return problems
}
