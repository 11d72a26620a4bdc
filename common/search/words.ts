// How search reads text: accents and case folded away, split into words at spaces, punctuation,
// hyphens and underscores, camelCase humps and letter/digit boundaries ("arrowLeft2" → arrow left 2).
// One reading for the index, the query and the synonym list, in the browser and on the server. Plain
// ASCII (nearly every icon name) takes a quicker path to the same words. A query is read to its first
// MAX_QUERY_WORDS distinct words (queryWords): the work of one search stays bounded.
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS } from './limits.ts'

const ASCII = /^[\x20-\x7e]*$/
/** One lower-case word already (most tags): its own only word. */
const ONE_WORD = /^[a-z]+$/

/** Lower case without accents ("Élan" → "elan"). */
export const fold = (text: string) =>
  ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The words of a name, a tag, a label or a query, folded. */
export function wordsOf(text: string): string[] {
  if (ONE_WORD.test(text)) return [text]
  if (ASCII.test(text)) {
    return text
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([a-zA-Z])(?=\d)|(\d)(?=[a-zA-Z])/g, '$1$2 ')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
  }
  return fold(
    text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, '$1$2 '),
  )
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** The words a query searches for: its first MAX_QUERY_WORDS distinct words, in the order typed. */
export const queryWords = (query: string): string[] =>
  [...new Set(wordsOf(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_QUERY_WORDS)
