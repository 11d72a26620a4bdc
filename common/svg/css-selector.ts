// The selectors icon CSS needs and nothing more: type, .class, #id and * compounds joined by
// descendant or child combinators, at most four compounds. Anything else drops its rule.

export interface CompoundSelector {
  tag: string | null
  classes: string[]
  ids: string[]
}

export interface Selector {
  /** Compounds left to right; combinators[i] joins compounds[i] and compounds[i + 1]. */
  compounds: CompoundSelector[]
  combinators: ('descendant' | 'child')[]
  text: string
}

/** Longer selectors are dropped: icons do not need them, and they make matching costly. */
const MAX_COMPOUNDS = 4

const COMPOUND = /^(\*|[A-Za-z][A-Za-z0-9-]*)?((?:[.#][A-Za-z_-][A-Za-z0-9_-]*)*)$/

export function parseSelector(text: string): Selector | null {
  const tokens = text.replace(/>/g, ' > ').trim().split(/\s+/)
  const compounds: CompoundSelector[] = []
  const combinators: Selector['combinators'] = []
  let pending: 'descendant' | 'child' | null = null
  for (const token of tokens) {
    if (token === '>') {
      if (pending !== 'descendant' || compounds.length === 0) return null
      pending = 'child'
      continue
    }
    const match = COMPOUND.exec(token)
    if (!match || token === '') return null
    if (compounds.length > 0) combinators.push(pending ?? 'descendant')
    const parts = match[2]?.match(/[.#][^.#]+/g) ?? []
    compounds.push({
      tag: match[1] && match[1] !== '*' ? match[1] : null,
      classes: parts.filter((p) => p.startsWith('.')).map((p) => p.slice(1)),
      ids: parts.filter((p) => p.startsWith('#')).map((p) => p.slice(1)),
    })
    pending = 'descendant'
  }
  if (pending === 'child' || compounds.length === 0 || compounds.length > MAX_COMPOUNDS) return null
  return { compounds, combinators, text: tokens.join(' ').replace(/ > /g, '>') }
}
