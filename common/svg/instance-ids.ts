// Ids of one rendered copy of an icon (ADR 0106): every id of the drawing, and every
// reference to one (href, url(#…), aria-labelledby/-describedby), made relative to the copy, so two
// copies on one page never share an id. The React formats do it per instance with useId(); a
// labelled SVG copy with a prefix of its own (accessible.ts).
import { type SvgElement, walk } from './tree.ts'
import { localRefId, mapLocalUrls } from './values.ts'

/** Maps an attribute's (or style property's) value to its per-copy form. */
export type IdScope = (name: string, value: string) => string

const REFERENCE_LISTS = new Set(['aria-labelledby', 'aria-describedby'])

/**
 * The mapping of the tree's ids to `local(id)`, or null when it has no ids. A prefix all ids share
 * (the per-icon one the pipeline gave) is dropped first, as the copy's own replaces it.
 */
export function idScope(root: SvgElement, local: (id: string) => string): IdScope | null {
  const ids: string[] = []
  walk(root, (el) => {
    const id = el.attrs.get('id')
    if (id !== undefined) ids.push(id)
  })
  if (ids.length === 0) return null
  const shared = /^[A-Za-z][A-Za-z0-9_]*-(?=.)/.exec(ids[0]!)?.[0]
  const strip = shared && ids.every((id) => id.startsWith(shared) && id.length > shared.length) ? shared : ''
  const mapped = (id: string): string => local(strip && id.startsWith(strip) ? id.slice(strip.length) : id)
  return (name, value) => {
    if (name === 'id') return mapped(value)
    if (name === 'href' || name === 'xlink:href') {
      const id = localRefId(value)
      return id === null ? value : `#${mapped(id)}`
    }
    if (REFERENCE_LISTS.has(name)) return value.trim().split(/\s+/).map(mapped).join(' ')
    return value.includes('url(') ? mapLocalUrls(value, mapped) : value
  }
}

/** Rewrites the tree's ids, in place, as `${prefix}-<id>` (its shared per-icon prefix dropped). */
export function prefixIds(root: SvgElement, prefix: string): void {
  const scope = idScope(root, (id) => `${prefix}-${id}`)
  if (!scope) return
  walk(root, (el) => {
    for (const [name, value] of el.attrs) el.attrs.set(name, scope(name, value))
  })
}
