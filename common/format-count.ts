// Numbers as users read them, alike everywhere: 1,209 not 1209, and a count with
// the word in the right number ("1 icon", "1,209 icons").

let english: Intl.NumberFormat | undefined

/**
 * 1209 → "1,209" (English grouping, whatever the browser's locale). One formatter, made on first use:
 * `toLocaleString('en')` builds one on every call, which a page of counts paid for at start.
 */
export function formatCount(n: number): string {
  english ??= new Intl.NumberFormat('en')
  return english.format(n)
}

/** 1 → "1 icon", 1209 → "1,209 icons"; the plural is the singular with an s unless given. */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatCount(n)} ${n === 1 ? singular : plural}`
