// Making user-given text safe in e-mails: escaped for HTML, on one line for headers, and
// without anything a mail client would turn into a link.

/** Escapes text for HTML e-mail bodies. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Control characters (CR and LF included) and Unicode line/paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** One line of text for a header such as Subject: controls become a space, runs of spaces one. */
export const oneLine = (s: string) =>
  s
    .replace(CONTROLS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()

/** A host-like run (`evil.example`, `a.b.co`): labels joined by dots, ending in letters. */
const HOST_LIKE = /\b([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*)\.(\p{L}{2,})\b/gu

/**
 * A name (of a workspace, say) as shown in an e-mail: on one line, with URL schemes and
 * host-like words defanged (`https://evil.example` -> `https[:]//evil[.]example`) so that
 * mail clients do not turn a name into a link.
 */
export function inertName(name: string): string {
  return oneLine(name)
    .replace(/:\/\//g, '[:]//')
    .replace(HOST_LIKE, (_m, head: string, tld: string) => `${head.replace(/\./g, '[.]')}[.]${tld}`)
}
