// The allowlist rebuild: walks the parsed DOM and builds a fresh tree with only allowed
// elements, attributes and CSS. Nothing from the input is copied through unchecked. Nothing
// the app's own UI reads is kept either: no data-* attributes, no class on the root <svg>.

import { ALLOWED_ELEMENTS, PRESENTATION_ATTRIBUTES, RENAMED_ELEMENTS, TEXT_ELEMENTS } from './allowlist.ts'
import { ALLOWED_ATTRIBUTES, ARIA } from './allowlist-attributes.ts'
import { parseDeclarations, parseStylesheet, serializeDeclarations, serializeStylesheet } from './css.ts'
import { MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, SvgError } from './errors.ts'
import { parseSvgTree } from './parse.ts'
import { SVG_NS, type SvgChild, type SvgElement, serialize } from './tree.ts'
import { expandedElementCount } from './use-expansion.ts'
import { ID_PATTERN, isSafeCssValue, isUnsafeValue, localRefId } from './values.ts'
import type { RawElement } from './xml-reader.ts'

/** The value to keep for an attribute, or null to drop it. */
function sanitizeAttribute(element: string, name: string, value: string): string | null {
  if (!ALLOWED_ATTRIBUTES.has(name) && !PRESENTATION_ATTRIBUTES.has(name) && !ARIA.test(name)) return null
  if (name === 'href' || name === 'xlink:href') {
    const id = localRefId(value)
    return id === null ? null : `#${id}`
  }
  if (name === 'id') return ID_PATTERN.test(value.trim()) ? value.trim() : null
  if (name === 'style') return serializeDeclarations(parseDeclarations(value)) || null
  if (element === 'style' && name === 'type') return /^\s*text\/css\s*$/i.test(value) ? 'text/css' : null
  if (PRESENTATION_ATTRIBUTES.has(name)) return isSafeCssValue(value) ? value : null
  return isUnsafeValue(value) ? null : value
}

interface Budget {
  elements: number
  /** Keep class on the root (until normalize has inlined <style> rules that match it). */
  rootClass: boolean
}

function rebuild(source: RawElement, depth: number, budget: Budget): SvgElement | null {
  if (depth > MAX_SVG_DEPTH) throw new SvgError('too_deep')
  if (++budget.elements > MAX_SVG_ELEMENTS) throw new SvgError('too_many_elements')
  if (source.ns !== SVG_NS && source.ns !== null) return null
  const local = source.name
  const name = RENAMED_ELEMENTS.get(local) ?? local
  if (!ALLOWED_ELEMENTS.has(name)) return null
  const renamed = RENAMED_ELEMENTS.has(local)
  const attrs = new Map<string, string>()
  for (const [attrName, raw] of source.attrs) {
    if (renamed && /href/.test(attrName)) continue
    if (depth === 1 && attrName === 'class' && !budget.rootClass) continue
    const value = sanitizeAttribute(name, attrName, raw)
    if (value !== null) attrs.set(attrName, value)
  }
  const children: SvgChild[] = []
  if (name === 'style') {
    let css = ''
    for (const child of source.children) if (typeof child === 'string') css += child
    const clean = serializeStylesheet(parseStylesheet(css))
    if (!clean) return null
    children.push(clean)
    return { name, attrs, children }
  }
  const keepsText = TEXT_ELEMENTS.has(name)
  for (const child of source.children) {
    if (typeof child !== 'string') {
      const kept = rebuild(child, depth + 1, budget)
      if (kept) children.push(kept)
    } else if (keepsText) children.push(child)
  }
  return { name, attrs, children }
}

/**
 * Rebuilds an already parsed tree by allowlist. Throws SvgError when refused. `rootClass`
 * keeps the root's class for the pipeline, which removes it once <style> rules are inlined.
 */
export function sanitizeRaw(raw: RawElement, rootClass = false): SvgElement {
  const tree = rebuild(raw, 1, { elements: 0, rootClass })
  if (tree?.name !== 'svg') throw new SvgError('not_svg')
  return tree
}

/**
 * Parses untrusted SVG text and rebuilds it by allowlist; refuses a drawing that expands
 * through <use> and url(#id) beyond MAX_SVG_EXPANDED_ELEMENTS. Throws SvgError when refused.
 */
export function readSvg(input: string, rootClass = false): SvgElement {
  const tree = sanitizeRaw(parseSvgTree(input), rootClass)
  expandedElementCount(tree)
  return tree
}

/** Sanitizes untrusted SVG text; the output is safe to show inline, as an image or to serve. */
export function sanitizeSvg(input: string): string {
  return serialize(readSvg(input))
}
