// Why an icon matched a search, in words a person reads on its tile and an API caller gets as `matched`:
// "name", "close to calender" (the name, spelled near what was typed), "alias old-name", "tag gear",
// "label" or "synonym of trash". Read from what the index says
// matched (each matched word of the icon and its fields): for each word of the query in turn, its best
// reason (the name, then a former name, a tag, the label, then a synonym); the answer is the first that
// is not the name, else "name".
import { MAX_EDITS, MAX_QUERY_WORDS } from './limits.ts'
import { fold, wordsOf } from './words.ts'

/** What search reads of an icon. */
export interface SearchDoc {
  id: string
  name: string
  /** Its former names. */
  aliases?: readonly string[]
  tags?: readonly string[]
  label?: string
}

/** word → related words (common/search/synonyms.json, built by scripts/build-synonyms.ts). */
export type Synonyms = Readonly<Record<string, readonly string[]>>

/** An icon read once, when the index is built. */
export interface Prepared {
  doc: SearchDoc
  /** Its place in name order (ties of score are broken by it). */
  order: number
  folded: string
  nameWords: string
  aliases: { text: string; folded: string; words: string[] }[]
  tags: { text: string; words: string[] }[]
}

/** `read`: wordsOf, or a memo of it (icons share most of their tags). */
export function prepare(doc: SearchDoc, read: (text: string) => string[] = wordsOf): Omit<Prepared, 'order'> {
  return {
    doc,
    folded: fold(doc.name),
    nameWords: read(doc.name).join(' '),
    aliases: (doc.aliases ?? []).map((text) => ({ text, folded: fold(text), words: read(text) })),
    tags: (doc.tags ?? []).map((text) => ({ text, words: read(text) })),
  }
}

/** A word's synonyms: its own entry, else its singular's ("cogs" → "cog"); none for under 3 letters. */
export function synonymsOf(synonyms: Synonyms, word: string): readonly string[] {
  if (word.length < 3) return []
  if (Object.hasOwn(synonyms, word)) return synonyms[word] ?? []
  const singular = word.endsWith('s') ? word.slice(0, -1) : ''
  return singular && Object.hasOwn(synonyms, singular) ? (synonyms[singular] ?? []) : []
}

/** Edits forgiven in a typed word: one from four letters, two from eight (MiniSearch's fuzzy 0.2), no more. */
export const editsFor = (word: string) =>
  word.length >= 4 ? Math.min(MAX_EDITS, Math.round(word.length * 0.2)) : 0

/** Edits between `a` and `b` (Levenshtein), or Infinity when more than `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Number.POSITIVE_INFINITY
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = row
  }
  return prev[b.length]! <= max ? prev[b.length]! : Number.POSITIVE_INFINITY
}

/**
 * How far an indexed word is from the typed one: 0 as typed (itself, or a word it starts, 2+ letters),
 * the edits of a near spelling, Infinity when neither.
 */
const spelling = (term: string, word: string): number =>
  term === word || (word.length >= 2 && term.startsWith(word))
    ? 0
    : editsFor(word) > 0
      ? distance(term, word, editsFor(word))
      : Number.POSITIVE_INFINITY

/** A query's words, read once per search: what each indexed word is to each (answers kept per word). */
export interface QueryReader {
  words: readonly string[]
  /** Edits from the typed word `i` to `term`: 0 as typed, 1–2 for a near spelling, Infinity otherwise. */
  edits(term: string, i: number): number
  synonym(term: string, i: number): boolean
}

export function readQuery(words: readonly string[], synonyms: Synonyms): QueryReader {
  const seen = words.map(() => new Map<string, number>())
  const related = words.map((word) => new Set(synonymsOf(synonyms, word)))
  const edits = (term: string, i: number) => {
    const known = seen[i]!.get(term)
    if (known !== undefined) return known
    const answer = spelling(term, words[i]!)
    seen[i]!.set(term, answer)
    return answer
  }
  return {
    words,
    edits,
    synonym: (term, i) => related[i]!.has(term),
  }
}

/**
 * The typos a hit needs: for each word of the query, the fewest edits of the icon's words that matched
 * it (0 as typed or through a synonym), summed. Fewer typos rank first: "calender" finds calendar
 * before cylinder and blender, however rare those words are in the project.
 */
export function typosOf(query: QueryReader, match: Readonly<Record<string, readonly string[]>>): number {
  const terms = Object.keys(match)
  let total = 0
  for (let i = 0; i < query.words.length; i++) {
    let fewest = Number.POSITIVE_INFINITY
    for (const term of terms) {
      fewest = Math.min(fewest, query.synonym(term, i) ? 0 : query.edits(term, i))
      if (fewest === 0) break
    }
    if (fewest !== Number.POSITIVE_INFINITY) total += fewest
  }
  return total
}

const RANK = { name: 0, nameTypo: 0.5, aliases: 1, tags: 2, label: 3 } as const

/** `match`: each word of the icon that matched → the fields it matched in (MiniSearch's MatchInfo). */
export function matchReason(
  p: Prepared,
  query: QueryReader,
  match: Readonly<Record<string, readonly string[]>>,
): string {
  const terms = Object.keys(match)
  for (let i = 0; i < query.words.length; i++) {
    let best: { rank: number; reason: string } | null = null
    const offer = (rank: number, reason: string) => {
      if (!best || rank < best.rank) best = { rank, reason }
    }
    for (const term of terms) {
      const edits = query.edits(term, i)
      if (edits !== Number.POSITIVE_INFINITY) {
        for (const field of match[term] ?? []) {
          // A near spelling of the name says so: the person sees why "calender" found calendar.
          if (field === 'name')
            offer(edits ? RANK.nameTypo : RANK.name, edits ? `close to ${query.words[i]}` : 'name')
          else if (field === 'aliases')
            offer(RANK.aliases, `alias ${p.aliases.find((a) => a.words.includes(term))?.text ?? term}`)
          else if (field === 'tags')
            offer(RANK.tags, `tag ${p.tags.find((t) => t.words.includes(term))?.text ?? term}`)
          else offer(RANK.label, 'label')
        }
      } else if (query.synonym(term, i)) offer(4, `synonym of ${query.words[i]}`)
    }
    const found = best as { rank: number; reason: string } | null
    if (found && found.rank > RANK.name) return found.reason
  }
  return 'name'
}

/**
 * The words of a query as the vault's plain search read them (split at spaces, hyphens, underscores),
 * the first MAX_QUERY_WORDS distinct ones.
 */
export const plainWords = (query: string) =>
  [
    ...new Set(
      fold(query)
        .split(/[\s_-]+/)
        .filter(Boolean),
    ),
  ].slice(0, MAX_QUERY_WORDS)

/**
 * The vault's plain search, kept: every word of the query is part of the name ("name") or of one
 * former name ("alias …"); null otherwise.
 */
export function nameHolds(p: Prepared, words: readonly string[]): string | null {
  if (!words.length) return null
  if (words.every((w) => p.folded.includes(w))) return 'name'
  const alias = p.aliases.find((a) => words.every((w) => a.folded.includes(w)))
  return alias ? `alias ${alias.text}` : null
}
