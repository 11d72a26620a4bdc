// Moves the rules of <style> elements into style="" on the elements they match and removes
// the <style> elements. A <style> inside inline SVG is global to the whole page, so keeping
// it would let one icon restyle another; react-native-svg cannot read it at all.

import { type Declaration, parseDeclarations, parseStylesheet, serializeDeclarations } from './css.ts'
import type { Selector } from './css-selector.ts'
import { type MatchBudget, matchesSelector } from './selector-match.ts'
import { isElement, type SvgElement, walk } from './tree.ts'

function specificity(selector: Selector): number {
  let score = 0
  for (const c of selector.compounds) score += c.ids.length * 1e6 + c.classes.length * 1e3 + (c.tag ? 1 : 0)
  return score
}

interface Candidate {
  declaration: Declaration
  rank: number[]
}

function compareRank(a: Candidate, b: Candidate): number {
  for (let i = 0; i < a.rank.length; i++) {
    const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** Removes every <style> element of the tree; returns their CSS text, document order. */
function takeStyles(root: SvgElement): string[] {
  const css: string[] = []
  walk(root, (el) => {
    if (!el.children.some((child) => isElement(child) && child.name === 'style')) return
    el.children = el.children.filter((child) => {
      if (!isElement(child) || child.name !== 'style') return true
      css.push(child.children.filter((c) => typeof c === 'string').join(''))
      return false
    })
  })
  return css
}

/** Enough for thousands of elements and hundreds of rules; beyond, the SVG is refused. */
const MAX_COMPOUND_CHECKS = 5_000_000

/** Inlines <style> rules (cascade order: !important, inline, specificity, source order). */
export function inlineStyles(root: SvgElement): SvgElement {
  const rules = takeStyles(root).flatMap((css) => parseStylesheet(css))
  if (rules.length === 0) return root
  const budget: MatchBudget = { left: MAX_COMPOUND_CHECKS }
  walk(root, (el, ancestors) => {
    const chain = [...ancestors, el]
    const candidates: Candidate[] = []
    let order = 0
    for (const rule of rules) {
      order++
      const hits = rule.selectors.filter((s) => matchesSelector(s, chain, budget))
      if (hits.length === 0) continue
      const spec = Math.max(...hits.map(specificity))
      for (const d of rule.declarations)
        candidates.push({ declaration: d, rank: [+d.important, 0, spec, order] })
    }
    if (candidates.length === 0) return
    for (const d of parseDeclarations(el.attrs.get('style') ?? '')) {
      candidates.push({ declaration: d, rank: [+d.important, 1, 0, ++order] })
    }
    const winners = new Map<string, Declaration>()
    for (const c of candidates.sort(compareRank)) {
      winners.delete(c.declaration.property)
      winners.set(c.declaration.property, c.declaration)
    }
    const merged = [...winners.values()].map((d) => ({ ...d, important: false }))
    el.attrs.set('style', serializeDeclarations(merged))
  })
  return root
}
