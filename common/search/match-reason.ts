// Why an icon matched a search, in words a person reads on its tile and an API caller gets as `matched`:
// "name", "alias old-name", "tag gear", "label" or "synonym of trash". Each word of the query is looked
// for in that order (as typed: a word start or a near spelling; then through its synonyms); the answer is
// the first reason that is not the name, else "name".
import { fold, wordsOf } from './words.ts'

/** What search reads of an icon. */
export interface SearchDoc {
  id: string
  name: string
  /** Its former names (issue 22). */
  aliases?: readonly string[]
  tags?: readonly string[]
  label?: string
}

/** word → related words (common/search/synonyms.json, built by scripts/build-synonyms.ts). */
export type Synonyms = Readonly<Record<string, readonly string[]>>

/** A word's synonyms: its own entry, else its singular's ("cogs" → "cog"); none for under 3 letters. */
export function synonymsOf(synonyms: Synonyms, word: string): readonly string[] {
  if (word.length < 3) return []
  if (Object.hasOwn(synonyms, word)) return synonyms[word] ?? []
  const singular = word.endsWith('s') ? word.slice(0, -1) : ''
  return singular && Object.hasOwn(synonyms, singular) ? (synonyms[singular] ?? []) : []
}

/** At most `max` edits apart (Levenshtein, rows of the shorter word). */
function near(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = row
  }
  return prev[b.length]! <= max
}

/** Does a text hold the typed word: a word of it starts with it, or (4+ letters) is spelled nearly so? */
function holds(text: string, word: string): boolean {
  const edits = word.length >= 4 ? Math.round(word.length * 0.2) : 0
  return wordsOf(text).some((w) => w.startsWith(word) || (edits > 0 && near(w, word, edits)))
}

const hasWord = (text: string, word: string) => wordsOf(text).includes(word)

/** The reason one query word matched, or null. */
function wordReason(doc: SearchDoc, word: string, synonyms: Synonyms): string | null {
  if (holds(doc.name, word) || fold(doc.name).includes(word)) return 'name'
  const alias = doc.aliases?.find((a) => holds(a, word))
  if (alias) return `alias ${alias}`
  const tag = doc.tags?.find((t) => holds(t, word))
  if (tag) return `tag ${tag}`
  if (doc.label && holds(doc.label, word)) return 'label'
  const related = synonymsOf(synonyms, word)
  const texts = [doc.name, ...(doc.aliases ?? []), ...(doc.tags ?? []), doc.label ?? '']
  return related.some((s) => texts.some((t) => hasWord(t, s))) ? `synonym of ${word}` : null
}

export function matchReason(doc: SearchDoc, words: readonly string[], synonyms: Synonyms): string {
  for (const word of words) {
    const reason = wordReason(doc, word, synonyms)
    if (reason && reason !== 'name') return reason
  }
  return 'name'
}

/**
 * The vault's plain search, kept: every word of the query (split at spaces, hyphens, underscores) is
 * part of the name ("name") or of one former name ("alias …"); null otherwise.
 */
export function nameHolds(doc: SearchDoc, query: string): string | null {
  const words = fold(query)
    .split(/[\s_-]+/)
    .filter(Boolean)
  if (!words.length) return null
  const all = (text: string) => {
    const folded = fold(text)
    return words.every((w) => folded.includes(w))
  }
  if (all(doc.name)) return 'name'
  const alias = doc.aliases?.find(all)
  return alias ? `alias ${alias}` : null
}
