// Search in an icon set by name (whole words first, then word starts, then substrings) and by
// the set's categories where it has them. Pure and fast enough to run on every keystroke.
import type { IconifyJSON } from '@iconify/types'

export interface IndexEntry {
  name: string
  words: string[]
  categories: string[]
}

type Metadata = { categories?: Record<string, string[]> }

export function buildIndex(set: IconifyJSON, metadata?: Metadata): IndexEntry[] {
  const categories = new Map<string, string[]>()
  for (const [category, names] of Object.entries(metadata?.categories ?? {})) {
    for (const name of names) categories.set(name, [...(categories.get(name) ?? []), category.toLowerCase()])
  }
  const names = [...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})].sort()
  return names.map((name) => ({ name, words: name.split('-'), categories: categories.get(name) ?? [] }))
}

/** Lower is better; null when the entry does not match every term. */
function score(entry: IndexEntry, query: string, terms: string[]): number | null {
  if (entry.name === query) return 0
  let total = entry.name.startsWith(query) ? 1 : 2
  for (const term of terms) {
    if (entry.words.includes(term)) continue
    if (entry.words.some((w) => w.startsWith(term))) total += 1
    else if (term.length >= 3 && entry.name.includes(term)) total += 2
    else if (entry.categories.some((c) => c.includes(term))) total += 3
    else return null
  }
  return total
}

/** The best `limit` matches for `query` (all icons by name when it is empty), and how many matched. */
export function searchIndex(index: IndexEntry[], query: string, limit: number) {
  const terms = query
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
  if (terms.length === 0) return { names: index.slice(0, limit).map((e) => e.name), total: index.length }
  const joined = terms.join('-')
  const hits: { name: string; score: number }[] = []
  for (const entry of index) {
    const s = score(entry, joined, terms)
    if (s !== null) hits.push({ name: entry.name, score: s * 1000 + entry.name.length })
  }
  hits.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
  return { names: hits.slice(0, limit).map((h) => h.name), total: hits.length }
}
