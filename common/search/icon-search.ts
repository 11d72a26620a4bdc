// Search by meaning (issue 25): one index and one ranking, used by the vault's worker in the browser and
// by GET /api/icons/search, so both answer the same. MiniSearch (ADR 0108) indexes each icon's name,
// former names (aliases), tags and label; every word of a query must match one of them, as typed (a word
// start, or within an edit or two for words of four letters or more) or through the shipped synonym list
// (synonyms.json, ADR 0107: "cog" finds "settings"). A name that holds the query as plain text (the
// vault's search before this one) is always found too. Each hit says why it matched (match-reason.ts).
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
} from './match-reason.ts'
import { wordsOf } from './words.ts'

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

function memo(fn: (text: string) => string[]): (text: string) => string[] {
  const known = new Map<string, string[]>()
  return (text) => {
    const seen = known.get(text)
    if (seen) return seen
    const words = fn(text)
    known.set(text, words)
    return words
  }
}

export interface IconSearch {
  search(query: string): SearchHit[]
}

export function createIconSearch(docs: readonly SearchDoc[], synonyms: Synonyms): IconSearch {
  const sorted = [...docs].sort(
    (a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  const read = memo(wordsOf)
  const prepared: Prepared[] = sorted.map((doc, order) => ({ ...prepare(doc, read), order }))
  const byId = new Map(prepared.map((p) => [p.doc.id, p]))
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
  index.addAll(prepared)

  return {
    search(query) {
      const text = query.slice(0, MAX_QUERY_LENGTH)
      const words = wordsOf(text)
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
      const reader = readQuery(words, synonyms)
      const hits: (SearchHit & { order: number })[] = []
      const found = new Set<string>()
      for (const result of index.search(tree)) {
        const p = byId.get(String(result.id))
        if (!p) continue
        found.add(p.doc.id)
        hits.push({
          id: p.doc.id,
          name: p.doc.name,
          score: round(result.score * (p.nameWords === whole ? EXACT_NAME : 1)),
          matched: matchReason(p, reader, result.match),
          order: p.order,
        })
      }
      const plain = plainWords(text)
      for (const p of prepared) {
        if (found.has(p.doc.id)) continue
        const held = nameHolds(p, plain)
        if (held)
          hits.push({ id: p.doc.id, name: p.doc.name, score: TEXT_ONLY, matched: held, order: p.order })
      }
      hits.sort((a, b) => b.score - a.score || a.order - b.order)
      return hits.map(({ order: _, ...hit }) => hit)
    },
  }
}
