// Makes a sanitized SVG fit to live beside others on one page: a viewBox instead of a fixed
// size, <style> rules inlined, and every id prefixed per icon with all references rewritten.

import { SvgError } from './errors.ts'
import { inlineStyles } from './inline-styles.ts'
import { readSvg } from './sanitize.ts'
import { type SvgElement, serialize, walk } from './tree.ts'
import { localRefId, mapLocalUrls } from './values.ts'

export interface NormalizeOptions {
  /** Per-icon prefix for ids: a letter, then letters, digits, - or _. */
  idPrefix: string
}

const UNIT_PX: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
}

function lengthInPx(value: string | undefined): number | null {
  const match = /^\s*(\d+(?:\.\d*)?(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)\s*(px|pt|pc|in|cm|mm)?\s*$/i.exec(
    value ?? '',
  )
  if (!match) return null
  const px = Number(match[1]) * (UNIT_PX[(match[2] ?? '').toLowerCase()] ?? Number.NaN)
  return Number.isFinite(px) && px > 0 ? Math.round(px * 1000) / 1000 : null
}

/** The four numbers of a valid viewBox (positive width and height), or null. */
export function parseViewBox(value: string | undefined): [number, number, number, number] | null {
  const parts = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null
  const [x, y, w, h] = parts as [number, number, number, number]
  return w > 0 && h > 0 ? [x, y, w, h] : null
}

/** Sets a viewBox derived from width and height when the root has no valid one; keeps the size. */
export function ensureViewBox(root: SvgElement): void {
  const attrs = root.attrs
  if (parseViewBox(attrs.get('viewBox'))) return
  const width = lengthInPx(attrs.get('width'))
  const height = lengthInPx(attrs.get('height'))
  if (width === null || height === null) return
  attrs.delete('viewBox')
  attrs.set('viewBox', `0 0 ${width} ${height}`)
}

function normalizeViewport(root: SvgElement): void {
  const attrs = root.attrs
  attrs.delete('x')
  attrs.delete('y')
  if (!parseViewBox(attrs.get('viewBox'))) {
    const width = lengthInPx(attrs.get('width'))
    const height = lengthInPx(attrs.get('height'))
    if (width === null || height === null) return // nothing to derive from: keep the size
    attrs.delete('viewBox')
    attrs.set('viewBox', `0 0 ${width} ${height}`)
  }
  attrs.delete('width')
  attrs.delete('height')
}

const REFERENCE_LISTS = ['aria-labelledby', 'aria-describedby']

function prefixIds(root: SvgElement, prefix: string): void {
  const rename = (id: string): string => (id.startsWith(`${prefix}-`) ? id : `${prefix}-${id}`)
  const seen = new Set<string>()
  walk(root, (el) => {
    const id = el.attrs.get('id')
    if (id === undefined) return
    // The first element with an id wins a reference; later duplicates lose the id.
    const renamed = rename(id)
    if (seen.has(renamed)) el.attrs.delete('id')
    else el.attrs.set('id', renamed)
    seen.add(renamed)
  })
  walk(root, (el) => {
    for (const [name, value] of el.attrs) {
      if (name === 'id') continue
      if (name === 'href' || name === 'xlink:href') {
        const id = localRefId(value)
        if (id !== null) el.attrs.set(name, `#${rename(id)}`)
      } else if (REFERENCE_LISTS.includes(name)) {
        el.attrs.set(name, value.trim().split(/\s+/).map(rename).join(' '))
      } else if (/url\(/i.test(value)) {
        el.attrs.set(name, mapLocalUrls(value, rename))
      }
    }
  })
}

/** Normalizes a parsed tree in place (see normalizeSvg). */
export function normalizeTree(root: SvgElement, options: NormalizeOptions): SvgElement {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(options.idPrefix)) throw new SvgError('invalid_id_prefix')
  normalizeViewport(root)
  inlineStyles(root)
  prefixIds(root, options.idPrefix)
  return root
}

/** Sanitizes, then normalizes: viewBox kept or derived, no fixed size, ids prefixed. */
export function normalizeSvg(svg: string, options: NormalizeOptions): string {
  return serialize(normalizeTree(readSvg(svg), options))
}
