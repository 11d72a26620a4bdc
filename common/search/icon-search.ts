// Search by meaning (issue 25): one index and one ranking, used by the vault's worker in the browser and
// by GET /api/icons/search, so both answer the same. MiniSearch (ADR 0108) indexes each icon's name,
// former names (aliases), tags and label; every word of a query must match one of them, as typed (a word
// start, or within an edit or two for words of four letters or more) or through the shipped synonym list
// (synonyms.json, ADR 0107: "cog" finds "settings"). A name that holds the query as plain text (the
// vault's search before this one) is always found too. Each hit says why it matched (match-reason.ts).
import MiniSearch, { type Query } from 'minisearch'
import { MAX_QUERY_LENGTH } from './limits.ts'
import { matchReason, nameHolds, type SearchDoc, type Synonyms, synonymsOf } from './match-reason.ts'
import { fold, wordsOf } from './words.ts'

export type { SearchDoc, Synonyms }

export interface SearchHit {
  id: string
  name: string
  /** Higher is better; rounded, so that ties (broken by name, then id) are the same everywhere. */
  score: number
  /** Why it matched: "name", "alias old-name", "tag gear", "label", "synonym of trash". */
  matched: string
}

const FIELDS = ['name', 'aliases', 'tags', 'label'] as const
/** Matches as typed weigh most in the name, then former names and tags, then the label. */
const BOOST = { name: 3, aliases: 2, tags: 2, label: 1.5 }
/** Matches through a synonym weigh less than the same words typed. */
const SYNONYM_BOOST = { name: 1, aliases: 0.6, tags: 0.8, label: 0.5 }
/** A name equal to the whole query comes first. */
const EXACT_NAME = 4
/** The score of a name that only holds the query as plain text ("arrow" in "narrow"). */
const TEXT_ONLY = 0.01

const tokenize = (text: string) => wordsOf(text)
const fuzzy = (term: string) => (term.length >= 4 ? 0.2 : false)
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export interface IconSearch {
  search(query: string): SearchHit[]
}

export function createIconSearch(docs: readonly SearchDoc[], synonyms: Synonyms): IconSearch {
  const index = new MiniSearch<SearchDoc>({
    fields: [...FIELDS],
    idField: 'id',
    tokenize,
    processTerm: (term) => term,
    extractField: (doc, field) => {
      const value = doc[field as keyof SearchDoc]
      return Array.isArray(value) ? value.join(' ') : ((value as string | undefined) ?? '')
    },
  })
  index.addAll(docs)
  const byId = new Map(docs.map((doc) => [doc.id, doc]))

  return {
    search(query) {
      const words = wordsOf(query.slice(0, MAX_QUERY_LENGTH))
      if (!words.length) return []
      const tree: Query = {
        combineWith: 'AND',
        queries: words.map((word) => ({
          combineWith: 'OR',
          queries: [
            { queries: [word], prefix: true, fuzzy, boost: BOOST },
            { queries: [...synonymsOf(synonyms, word)], boost: SYNONYM_BOOST },
          ],
        })),
      }
      const whole = fold(query).trim()
      const hits = new Map<string, SearchHit>()
      for (const result of index.search(tree)) {
        const doc = byId.get(String(result.id))
        if (!doc) continue
        const exact = fold(doc.name) === whole || wordsOf(doc.name).join(' ') === words.join(' ')
        hits.set(doc.id, {
          id: doc.id,
          name: doc.name,
          score: round(result.score * (exact ? EXACT_NAME : 1)),
          matched: matchReason(doc, words, synonyms),
        })
      }
      for (const doc of docs) {
        if (hits.has(doc.id)) continue
        const held = nameHolds(doc, query)
        if (held) hits.set(doc.id, { id: doc.id, name: doc.name, score: TEXT_ONLY, matched: held })
      }
      return [...hits.values()].sort(
        (a, b) => b.score - a.score || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1),
      )
    },
  }
}

const round = (score: number) => Math.round(score * 1000) / 1000
