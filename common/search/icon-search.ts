// Search by meaning: one index and one ranking, used by the vault's worker in the browser and
// by GET /api/icons/search, so both answer the same. MiniSearch (ADR 0108) indexes each icon's name,
// former names (aliases), tags and label; every word of a query must match one of them, as typed (a word
// start, or within an edit or two for words of four letters or more) or through the shipped synonym list
// (synonyms.json, ADR 0107: "cog" finds "settings"). A name that holds the query as plain text (the
// vault's search before this one) is always found too. Each hit says why it matched (match-reason.ts).
// Bounded work (ADR 0108): a query searches its first MAX_QUERY_WORDS distinct words, a typo forgives
// at most MAX_EDITS edits, and only the hits returned are read for their reason. The index is brought to
// a new list of icons by changing only the icons that differ (update), or told which icons changed
// and which went (change), never rebuilt whole.
import MiniSearch, { type Query } from 'minisearch'
import { MAX_QUERY_LENGTH } from './limits.ts'
import {
  editsFor,
  matchReason,
  nameHolds,
  type Prepared,
  plainWords,
  prepare,
  readQuery,
  type SearchDoc,
  type Synonyms,
  synonymsOf,
  typosOf,
} from './match-reason.ts'
import { queryWords, wordsOf } from './words.ts'

export type { SearchDoc, Synonyms }

export interface SearchHit {
  id: string
  name: string
  /** Higher is better; rounded, so that ties (broken by name, then id) are the same everywhere. */
  score: number
  /** Why it matched: "name", "alias old-name", "tag gear", "label", "synonym of trash". */
  matched: string
}

/** Matches as typed weigh most in the name, then former names and tags, then the label. */
const BOOST = { name: 3, aliases: 2, tags: 2, label: 1.5 }
/** Matches through a synonym weigh less than the same words typed. */
const SYNONYM_BOOST = { name: 1, aliases: 0.6, tags: 0.8, label: 0.5 }
/** A name equal to the whole query comes first. */
const EXACT_NAME = 4
/** The score of a name that only holds the query as plain text ("arrow" in "sparrows"). */
const TEXT_ONLY = 0.01

/** Indexed fields hold words already read by wordsOf, joined by spaces. */
const split = (text: string) => text.split(' ').filter(Boolean)
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const round = (score: number) => Math.round(score * 1000) / 1000
/** Name order, then id: the order ties of score are shown in. */
const inOrder = (a: Prepared, b: Prepared) =>
  byName.compare(a.doc.name, b.doc.name) || (a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0)
/** Changed icons placed one by one in name order up to this many; more, and all are sorted again. */
const PLACED_ONE_BY_ONE = 256
/** Words read kept at most (icons share most of their tags); beyond, the memo starts again. */
const MEMO_SIZE = 100_000

function memo(fn: (text: string) => string[]): (text: string) => string[] {
  let known = new Map<string, string[]>()
  return (text) => {
    const seen = known.get(text)
    if (seen) return seen
    const words = fn(text)
    if (known.size >= MEMO_SIZE) known = new Map()
    known.set(text, words)
    return words
  }
}

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((item, i) => item === b[i])
/** Does the icon read the same to search (name, former names, tags, label)? */
const sameDoc = (a: SearchDoc, b: SearchDoc) =>
  a.name === b.name &&
  (a.label ?? '') === (b.label ?? '') &&
  sameList(a.aliases, b.aliases) &&
  sameList(a.tags, b.tags)

export interface IconSearch {
  /** The hits of `query`, best first; with `limit`, the first `limit` only (only theirs are explained). */
  search(query: string, limit?: number): SearchHit[]
  /** Brings the index to these icons: only those added, changed or gone are indexed or taken out. */
  update(docs: readonly SearchDoc[]): void
  /** Indexes these icons, added or changed, and takes out those of `goneIds`; the others stay. */
  change(docs: readonly SearchDoc[], goneIds?: Iterable<string>): void
  /** Icons indexed. */
  readonly size: number
}

export function createIconSearch(docs: readonly SearchDoc[], synonyms: Synonyms): IconSearch {
  const read = memo(wordsOf)
  /** The icons in name order, each with its place in it. */
  let sorted: Prepared[] = []
  const byId = new Map<string, Prepared>()
  const index = new MiniSearch<Prepared>({
    fields: ['name', 'aliases', 'tags', 'label'],
    idField: 'id',
    tokenize: split,
    processTerm: (term) => term,
    extractField: (p, field) => {
      if (field === 'id') return p.doc.id
      if (field === 'name') return p.nameWords
      if (field === 'aliases') return p.aliases.flatMap((a) => a.words).join(' ')
      if (field === 'tags') return p.tags.flatMap((t) => t.words).join(' ')
      return read(p.doc.label ?? '').join(' ')
    },
  })

  /** Indexes these icons (only those that read differently) and takes out those of `goneIds`. */
  function change(docs: readonly SearchDoc[], goneIds: Iterable<string> = []): void {
    const gone = new Set<Prepared>()
    const added = new Map<string, Prepared>()
    for (const id of goneIds) {
      const had = byId.get(id)
      if (!had) continue
      gone.add(had)
      byId.delete(id)
    }
    for (const doc of docs) {
      const had = byId.get(doc.id) ?? added.get(doc.id)
      if (had && sameDoc(had.doc, doc)) continue
      if (had && !added.has(doc.id)) gone.add(had)
      const p: Prepared = { ...prepare(doc, read), order: 0 }
      byId.set(doc.id, p)
      added.set(doc.id, p)
    }
    if (!gone.size && !added.size) return
    for (const p of gone) index.remove(p)
    // Added in name order, whatever order they came in: the same icons give the same index.
    const fresh = [...added.values()].sort(inOrder)
    index.addAll(fresh)
    const kept = gone.size ? sorted.filter((p) => !gone.has(p)) : sorted
    if (fresh.length > PLACED_ONE_BY_ONE) sorted = [...kept, ...fresh].sort(inOrder)
    else {
      sorted = kept === sorted ? [...kept] : kept
      for (const p of fresh) {
        let [low, high] = [0, sorted.length]
        while (low < high) {
          const mid = (low + high) >>> 1
          if (inOrder(sorted[mid]!, p) < 0) low = mid + 1
          else high = mid
        }
        sorted.splice(low, 0, p)
      }
    }
    sorted.forEach((p, order) => {
      p.order = order
    })
  }

  /** Brings the index to exactly these icons: the others are taken out. */
  function update(next: readonly SearchDoc[]): void {
    const ids = new Set(next.map((doc) => doc.id))
    change(
      next,
      [...byId.keys()].filter((id) => !ids.has(id)),
    )
  }

  update(docs)

  return {
    get size() {
      return byId.size
    },
    update,
    change,
    search(query, limit = Number.POSITIVE_INFINITY) {
      const words = queryWords(query)
      if (!words.length) return []
      const tree: Query = {
        combineWith: 'AND',
        queries: words.map((word) => ({
          combineWith: 'OR',
          queries: [
            // One letter matches as a whole word only (every name holding it is found as text below).
            { queries: [word], prefix: word.length >= 2, fuzzy: editsFor(word) || false, boost: BOOST },
            { queries: [...synonymsOf(synonyms, word)], boost: SYNONYM_BOOST },
          ],
        })),
      }
      const whole = words.join(' ')
      type Scored = {
        p: Prepared
        score: number
        /** Typos the hit needs (typosOf); names only holding the query as text come after every other. */
        typos: number
        match?: Readonly<Record<string, readonly string[]>>
      }
      const scored: (Scored & { held?: string })[] = []
      const found = new Set<string>()
      const reader = readQuery(words, synonyms)
      for (const result of index.search(tree)) {
        const p = byId.get(String(result.id))
        if (!p) continue
        found.add(p.doc.id)
        const score = round(result.score * (p.nameWords === whole ? EXACT_NAME : 1))
        scored.push({ p, score, typos: typosOf(reader, result.match), match: result.match })
      }
      const plain = plainWords(query.slice(0, MAX_QUERY_LENGTH))
      for (const p of sorted) {
        if (found.has(p.doc.id)) continue
        const held = nameHolds(p, plain)
        if (held) scored.push({ p, score: TEXT_ONLY, typos: Number.POSITIVE_INFINITY, held })
      }
      // Fewer typos first, then the score, then name order.
      scored.sort((a, b) => a.typos - b.typos || b.score - a.score || a.p.order - b.p.order)
      // Only the hits answered are read for their reason (the costly part with thousands of hits).
      return scored.slice(0, limit).map(({ p, score, match, held }) => ({
        id: p.doc.id,
        name: p.doc.name,
        score,
        matched: held ?? matchReason(p, reader, match ?? {}),
      }))
    },
  }
}
