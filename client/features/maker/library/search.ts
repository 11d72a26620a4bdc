// Search in an icon set by name (whole words first, then word starts, then substrings) and by
// the set's categories where it has them. Pure and fast enough to run on every keystroke.
//
// One entry per icon the set counts (its info.json `total`): visible icons, and aliases that draw
// differently (a flip or a turn). A plain alias is another name of its icon: it finds that icon
// instead of being listed twice.
import type { IconifyJSON } from '@iconify/types'

export interface IndexEntry {
  name: string
  /** The icon's other names (plain aliases), searched like its own. */
  aliases: string[]
  words: string[]
  categories: string[]
}

type Metadata = { categories?: Record<string, string[]> }

const drawsDifferently = (alias: { rotate?: number; hFlip?: boolean; vFlip?: boolean }) =>
  Boolean(alias.rotate || alias.hFlip || alias.vFlip)

/** The icon a chain of plain aliases ends at. */
function rootOf(set: IconifyJSON, name: string): string | null {
  let current = name
  for (let hops = 0; hops < 8; hops++) {
    if (set.icons[current]) return current
    const alias = set.aliases?.[current]
    if (!alias || drawsDifferently(alias)) return null
    current = alias.parent
  }
  return null
}

export function buildIndex(set: IconifyJSON, metadata?: Metadata): IndexEntry[] {
  const categories = new Map<string, string[]>()
  for (const [category, names] of Object.entries(metadata?.categories ?? {})) {
    for (const name of names) categories.set(name, [...(categories.get(name) ?? []), category.toLowerCase()])
  }
  const entries = new Map<string, IndexEntry>()
  const add = (name: string) =>
    entries.set(name, { name, aliases: [], words: name.split('-'), categories: categories.get(name) ?? [] })
  for (const [name, icon] of Object.entries(set.icons)) if (!icon.hidden) add(name)
  const plain: [string, string][] = []
  for (const [name, alias] of Object.entries(set.aliases ?? {})) {
    if (alias.hidden) continue
    if (drawsDifferently(alias)) add(name)
    else plain.push([name, alias.parent])
  }
  for (const [name, parent] of plain) {
    const entry = entries.get(rootOf(set, parent) ?? '')
    if (!entry) continue
    entry.aliases.push(name)
    entry.words.push(...name.split('-'))
  }
  return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** Lower is better; null when the entry does not match every term. */
function score(entry: IndexEntry, query: string, terms: string[]): number | null {
  if (entry.name === query) return 0
  if (entry.aliases.includes(query)) return 1
  let total = entry.name.startsWith(query) ? 1 : 2
  for (const term of terms) {
    if (entry.words.includes(term)) continue
    if (entry.words.some((w) => w.startsWith(term))) total += 1
    else if (term.length >= 3 && (entry.name.includes(term) || entry.aliases.some((a) => a.includes(term))))
      total += 2
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
