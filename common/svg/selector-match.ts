// Matches the simple selectors css.ts accepts against the tree, within a work budget so that
// hostile CSS cannot make inlining run for minutes.

import type { CompoundSelector, Selector } from './css-selector.ts'
import { SvgError } from './errors.ts'
import type { SvgElement } from './tree.ts'

/** Compound checks left; refusing the SVG ('too_complex') when it runs out. */
export interface MatchBudget {
  left: number
}

const classCache = new WeakMap<SvgElement, ReadonlySet<string>>()

function classesOf(el: SvgElement): ReadonlySet<string> {
  let classes = classCache.get(el)
  if (!classes) {
    classes = new Set((el.attrs.get('class') ?? '').split(/\s+/).filter(Boolean))
    classCache.set(el, classes)
  }
  return classes
}

function matchesCompound(el: SvgElement, compound: CompoundSelector, budget: MatchBudget): boolean {
  if (--budget.left < 0) throw new SvgError('too_complex')
  if (compound.tag && compound.tag !== el.name) return false
  if (compound.ids.some((id) => el.attrs.get('id') !== id)) return false
  const classes = classesOf(el)
  return compound.classes.every((c) => classes.has(c))
}

/**
 * Does the selector match the last element of `chain` (root first)? Dynamic programming over
 * (compound, position): linear in compounds × depth, never exponential backtracking.
 */
export function matchesSelector(
  selector: Selector,
  chain: SvgElement[],
  budget: MatchBudget = { left: Number.POSITIVE_INFINITY },
): boolean {
  const { compounds, combinators } = selector
  const last = chain.length - 1
  if (!matchesCompound(chain[last]!, compounds[compounds.length - 1]!, budget)) return false
  if (compounds.length === 1) return true
  // ok[p]: compounds[0..i] match with compounds[i] on chain[p].
  let ok = chain.map((node, p) => p < last && matchesCompound(node, compounds[0]!, budget))
  for (let i = 1; i < compounds.length; i++) {
    const child = combinators[i - 1] === 'child'
    const isLast = i === compounds.length - 1
    const next: boolean[] = []
    let anyBefore = false
    for (let p = 0; p < chain.length; p++) {
      const reachable = child ? p > 0 && ok[p - 1] === true : anyBefore
      const here = isLast ? p === last : p < last
      next.push(reachable && here && matchesCompound(chain[p]!, compounds[i]!, budget))
      anyBefore ||= ok[p] === true
    }
    ok = next
  }
  return ok[last] === true
}
