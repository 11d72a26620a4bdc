// How search reads text: accents and case folded away, split into words at spaces, punctuation,
// hyphens and underscores, camelCase humps and letter/digit boundaries ("arrowLeft2" → arrow left 2).
// One reading for the index, the query and the synonym list, in the browser and on the server.

/** Lower case without accents ("Élan" → "elan"). */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The words of a name, a tag, a label or a query, folded. */
export function wordsOf(text: string): string[] {
  return fold(
    text
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`)),
  )
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}
