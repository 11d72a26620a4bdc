// A small CSS reader for <style> and style="": keeps only plain rules with simple
// selectors (css-selector.ts) and declarations of allowlisted properties with safe values. At-rules (@import, @font-face, @media…) are dropped.

import { CSS_PROPERTIES } from './allowlist.ts'
import { parseSelector, type Selector } from './css-selector.ts'
import { isSafeCssValue } from './values.ts'

export interface Declaration {
  property: string
  value: string
  important: boolean
}

export interface CssRule {
  selectors: Selector[]
  declarations: Declaration[]
}

/** Splits on a separator outside quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quote = ''
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '(') depth++
    else if (c === ')') depth = Math.max(0, depth - 1)
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

export function parseDeclarations(text: string): Declaration[] {
  if (/[\\<]|\/\*/.test(text)) return []
  const out: Declaration[] = []
  for (const part of splitTopLevel(text, ';')) {
    const colon = part.indexOf(':')
    if (colon < 0) continue
    const property = part.slice(0, colon).trim().toLowerCase()
    let value = part.slice(colon + 1).trim()
    const important = /!\s*important$/i.test(value)
    if (important) value = value.replace(/!\s*important$/i, '').trim()
    if (!CSS_PROPERTIES.has(property) || value === '' || !isSafeCssValue(value)) continue
    out.push({ property, value, important })
  }
  return out
}

export function serializeDeclarations(declarations: Declaration[]): string {
  return declarations.map((d) => `${d.property}:${d.value}${d.important ? '!important' : ''}`).join(';')
}

/** Index just past the block or statement starting at `from` (an at-rule or a rule body). */
function skipBlock(css: string, from: number): number {
  let depth = 0
  for (let i = from; i < css.length; i++) {
    const c = css[i]
    if (c === '{') depth++
    else if (c === '}' && --depth <= 0) return i + 1
    else if (c === ';' && depth === 0) return i + 1
  }
  return css.length
}

export function parseStylesheet(source: string): CssRule[] {
  // Escapes and markup have no place in icon CSS: refuse the whole sheet rather than guess.
  if (/[\\<]/.test(source)) return []
  const css = source.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
  const rules: CssRule[] = []
  let i = 0
  let at = -1
  while (i < css.length) {
    const open = css.indexOf('{', i)
    if (at !== -2 && at < i) at = css.indexOf('@', i) // -2: no '@' left; keeps the scan linear
    if (at === -1) at = -2
    if (at >= 0 && (open < 0 || at < open)) {
      i = skipBlock(css, at)
      continue
    }
    if (open < 0) break
    const end = skipBlock(css, open)
    const body = css.slice(open + 1, end - 1)
    const selectors = css
      .slice(i, open)
      .split(',')
      .map((s) => parseSelector(s))
    i = end
    if (body.includes('{') || selectors.some((s) => s === null)) continue
    const declarations = parseDeclarations(body)
    if (declarations.length) rules.push({ selectors: selectors as Selector[], declarations })
  }
  return rules
}

export function serializeStylesheet(rules: CssRule[]): string {
  return rules
    .map((r) => `${r.selectors.map((s) => s.text).join(',')}{${serializeDeclarations(r.declarations)}}`)
    .join('')
}
