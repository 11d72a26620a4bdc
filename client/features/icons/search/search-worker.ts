// The vault's search index, off the page's thread: the project's icons come in, the index is
// built here (common/search/icon-search.ts, the ranking the server's GET /api/icons/search uses too),
// queries are answered here; the synonym list loads here, once, as its own chunk (never in the page's
// first JavaScript). A query that a newer one has overtaken while the index was building is not answered.
// New icons update the index in place (only those added, changed or gone), never rebuild it whole.
import {
  createIconSearch,
  type IconSearch,
  type SearchDoc,
  type Synonyms,
} from '@common/search/icon-search.ts'

export type SearchRequest =
  | { type: 'icons'; docs: SearchDoc[] }
  | { type: 'search'; seq: number; query: string }

/** Hits as [id, score, matched], best first; `ms`: how long the query took here. */
export type SearchAnswer = {
  type: 'hits'
  seq: number
  query: string
  hits: [string, number, string][]
  ms: number
}

let synonyms: Promise<Synonyms> | null = null
/** The icons last sent, and the index, once brought to them. */
let docs: SearchDoc[] = []
let built: { of: SearchDoc[]; search: Promise<IconSearch> } | null = null
let latest = 0

const loadSynonyms = () => {
  synonyms ??= import('@common/search/synonyms.json').then((m) => m.default as Synonyms)
  return synonyms
}

/** The index of the icons last sent: built for the first ones, then updated in place. */
function current(): Promise<IconSearch> {
  if (built?.of !== docs) {
    const of = docs
    const fresh = () => loadSynonyms().then((list) => createIconSearch(of, list))
    const search = built
      ? built.search.then((index) => {
          index.update(of)
          return index
        }, fresh)
      : fresh()
    built = { of, search }
  }
  return built.search
}

self.onmessage = async (event: MessageEvent<SearchRequest>) => {
  const request = event.data
  if (request.type === 'icons') {
    docs = request.docs
    // Built when no newer icons came meanwhile (an import sends many lists in a row).
    setTimeout(() => request.docs === docs && void current(), 0)
    return
  }
  latest = request.seq
  const search = await current()
  if (request.seq !== latest) return
  const started = performance.now()
  const hits = search.search(request.query).map((h): [string, number, string] => [h.id, h.score, h.matched])
  const answer: SearchAnswer = {
    type: 'hits',
    seq: request.seq,
    query: request.query,
    hits,
    ms: performance.now() - started,
  }
  self.postMessage(answer)
}
