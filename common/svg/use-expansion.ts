// How many elements a drawing becomes once every reference is followed: each <use> (href) and
// each url(#id) (gradients, patterns, clip paths, masks, filters, markers) repeats the subtree
// it points at. A chain of <use> that doubles at each step ("billion laughs" without a DTD)
// is refused here, before anything draws or optimises it.

import { MAX_SVG_EXPANDED_ELEMENTS, SvgError } from './errors.ts'
import { isElement, type SvgElement, walk } from './tree.ts'
import { LOCAL_URL, localRefId } from './values.ts'

/** The elements an element references: href / xlink:href and url(#id) in any attribute. */
function references(el: SvgElement, byId: ReadonlyMap<string, SvgElement>): SvgElement[] {
  const out: SvgElement[] = []
  for (const [name, value] of el.attrs) {
    if (name === 'href' || name === 'xlink:href') {
      const target = byId.get(localRefId(value) ?? '')
      if (target) out.push(target)
    } else if (value.includes('url(')) {
      for (const match of value.matchAll(LOCAL_URL)) {
        const target = byId.get(match[2] ?? '')
        if (target) out.push(target)
      }
    }
  }
  return out
}

interface Frame {
  el: SvgElement
  next: SvgElement[]
  at: number
  /** The element itself, and what its finished successors expand to. */
  sum: number
}

/**
 * The number of elements the tree expands to: each element counts once, plus its children's
 * and its references' expansions. The first element with an id wins a reference (as in
 * browsers); a reference back into its own expansion (a cycle, which browsers do not draw)
 * counts nothing. Each element is expanded once (memoised) without recursion, so the work is
 * linear in elements and references. Throws SvgError('too_many_uses') beyond `limit`.
 */
export function expandedElementCount(root: SvgElement, limit = MAX_SVG_EXPANDED_ELEMENTS): number {
  const byId = new Map<string, SvgElement>()
  let elements = 0
  walk(root, (el) => {
    elements++
    const id = el.attrs.get('id')
    if (id !== undefined && !byId.has(id)) byId.set(id, el)
  })
  // Without ids nothing is referenced (most icons): the elements are all there is.
  if (byId.size === 0) {
    if (elements > limit) throw new SvgError('too_many_uses')
    return elements
  }
  const successors = (el: SvgElement): SvgElement[] => [
    ...el.children.filter(isElement),
    ...references(el, byId),
  ]
  const done = new Map<SvgElement, number>()
  const active = new Set<SvgElement>([root])
  const stack: Frame[] = [{ el: root, next: successors(root), at: 0, sum: 1 }]
  for (;;) {
    const top = stack[stack.length - 1] as Frame
    if (top.at < top.next.length) {
      const next = top.next[top.at++] as SvgElement
      const counted = done.get(next)
      if (counted !== undefined) top.sum += counted
      else if (!active.has(next)) {
        active.add(next)
        stack.push({ el: next, next: successors(next), at: 0, sum: 1 })
      }
    } else {
      stack.pop()
      active.delete(top.el)
      done.set(top.el, top.sum)
      const parent = stack[stack.length - 1]
      if (!parent) break
      parent.sum += top.sum
    }
    if (top.sum > limit) throw new SvgError('too_many_uses')
  }
  const total = done.get(root) as number
  if (total > limit) throw new SvgError('too_many_uses')
  return total
}
