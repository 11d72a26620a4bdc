// Numbers as users read them, alike everywhere: 1,209 not 1209, and a count with
// the word in the right number ("1 icon", "1,209 icons").

/** 1209 → "1,209" (English grouping, whatever the browser's locale). */
export const formatCount = (n: number): string => n.toLocaleString('en')

/** 1 → "1 icon", 1209 → "1,209 icons"; the plural is the singular with an s unless given. */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatCount(n)} ${n === 1 ? singular : plural}`
