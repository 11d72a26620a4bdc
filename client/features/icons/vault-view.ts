// What the grid shows: the project's icons searched, filtered by status and sorted. The search is by
// meaning: name, former names (an alias, a renamed icon is still found by the name
// people remember), tags, label and synonyms, ranked by the search worker (search/use-icon-search.ts);
// until its answer arrives, names and former names that hold the query as text match. "Best match" is
// the worker's order (by name without a query). "Duplicates" shows the server's groups of icons drawn
// the same or nearly (ADR 0109), group by group. Pure, so it is tested beside this file.
import { countOf } from '@common/format-count.ts'
import { searchMessages } from '@common/messages.ts'
import type { DuplicateGroups } from '@common/schemas/duplicates.ts'
import type { IconHead } from '../../data/icon-heads.ts'
import { compareByName, sortByName } from './name-order.ts'

export const STATUS_FILTERS = ['all', 'approved', 'needs-review', 'duplicates'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]
const SORT_KEYS = ['relevance', 'name', 'name-desc', 'newest', 'oldest', 'largest', 'smallest'] as const
export type SortKey = (typeof SORT_KEYS)[number]

export const STATUS_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  approved: 'Approved',
  'needs-review': 'Needs review',
  duplicates: 'Duplicates',
}
export const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Best match',
  name: 'Name (A–Z)',
  'name-desc': 'Name (Z–A)',
  newest: 'Newest first',
  oldest: 'Oldest first',
  largest: 'Largest first',
  smallest: 'Smallest first',
}

/**
 * The sorts the toolbar offers: "Best match" only while there is a query to match (without one it
 * would sort by name under a label that says otherwise).
 */
export function sortChoices(query: string): SortKey[] {
  return query.trim() ? [...SORT_KEYS] : SORT_KEYS.filter((key) => key !== 'relevance')
}

/** The sort the toolbar shows: "Best match" without a query is the name order it really is. */
export const shownSort = (view: { query: string; sort: SortKey }): SortKey =>
  view.sort === 'relevance' && !view.query.trim() ? 'name' : view.sort

export interface ViewOptions {
  query: string
  status: StatusFilter
  sort: SortKey
}

/** The search worker's answer for `query`: the icons it found, best first, with why each matched. */
export interface Ranked {
  query: string
  hits: ReadonlyMap<string, { score: number; matched: string }>
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** A name matches when it holds every word of the query (case and accents ignored). */
export function matcher(query: string): (name: string) => boolean {
  const words = fold(query)
    .split(/[\s_-]+/)
    .filter(Boolean)
  if (!words.length) return () => true
  return (name) => {
    const n = fold(name)
    return words.every((w) => n.includes(w))
  }
}

/**
 * The alias through which an icon matches a search its name does not match ("was home" on its
 * tile), or null: no query, the name matches, or nothing does.
 */
export function aliasMatch(icon: IconHead, query: string, matches = matcher(query)): string | null {
  if (!query.trim() || !icon.aliases?.length || matches(icon.name)) return null
  return icon.aliases.find((alias) => matches(alias.name))?.name ?? null
}

/**
 * What a tile found by a search says of why, when not by its name: "was home" (a former name),
 * "synonym of cog", "tag gear", "label"; null for a name match or no search.
 */
export function matchNote(icon: IconHead, query: string, ranked: Ranked | null): string | null {
  if (!query.trim()) return null
  const matched = ranked?.query === query ? ranked.hits.get(icon.id)?.matched : undefined
  if (matched === undefined) {
    const alias = aliasMatch(icon, query)
    return alias ? searchMessages.wasAlias(alias) : null
  }
  if (matched === 'name') return null
  return matched.startsWith('alias ') ? searchMessages.wasAlias(matched.slice('alias '.length)) : matched
}

/** Does the icon match the search, by its name or by one of its aliases? */
const iconMatches = (icon: IconHead, matches: (name: string) => boolean) =>
  matches(icon.name) || (icon.aliases?.some((alias) => matches(alias.name)) ?? false)

/**
 * "Duplicates" (ADR 0109): the icons of the server's groups (GET /api/icons/duplicates),
 * group by group, the same drawing first, then drawn nearly the same; each icon once.
 */
function duplicateOrder(groups: DuplicateGroups | null): Map<string, number> {
  const order = new Map<string, number>()
  for (const group of [...(groups?.exact ?? []), ...(groups?.near ?? [])])
    for (const id of group) if (!order.has(id)) order.set(id, order.size)
  return order
}

export function viewIcons(
  icons: readonly IconHead[],
  options: ViewOptions,
  ranked: Ranked | null = null,
  groups: DuplicateGroups | null = null,
): IconHead[] {
  const hits = options.query.trim() && ranked?.query === options.query ? ranked.hits : null
  const matches = matcher(options.query)
  const found = (icon: IconHead) => (hits ? hits.has(icon.id) : iconMatches(icon, matches))
  if (options.status === 'duplicates') {
    const order = duplicateOrder(groups)
    return icons
      .filter((icon) => order.has(icon.id) && found(icon))
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  }
  const shown = icons.filter(
    (icon) => (options.status === 'all' || icon.icon_status === options.status) && found(icon),
  )
  switch (options.sort) {
    case 'relevance': {
      if (!hits) return sortByName(shown)
      const rank = new Map([...hits.keys()].map((id, i) => [id, i]))
      return shown.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)
    }
    case 'name':
      return sortByName(shown)
    case 'name-desc':
      return sortByName(shown, true)
    case 'largest':
    case 'smallest': {
      // Size: the bytes of the stored markup (what an export or a copy carries), ties by name.
      const dir = options.sort === 'largest' ? -1 : 1
      return shown.sort((a, b) => dir * (a.svg_bytes - b.svg_bytes) || compareByName(a, b))
    }
    default: {
      const dir = options.sort === 'newest' ? -1 : 1
      return shown.sort(
        (a, b) => dir * (a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)),
      )
    }
  }
}

export function statusCounts(icons: readonly IconHead[]) {
  let review = 0
  for (const icon of icons) if (icon.icon_status === 'needs-review') review++
  return { all: icons.length, approved: icons.length - review, 'needs-review': review }
}

/** "1 icon", "3 icons". */
export const iconCount = (n: number) => countOf(n, 'icon')
