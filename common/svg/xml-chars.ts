// Characters XML 1.0 forbids: C0 controls but tab, LF and CR, U+FFFE, U+FFFF and lone
// surrogates, written raw or as character references (`&#0;`, `&#x1;`, `&#xFFFE;`). Both
// readers (xml-reader.ts and xmldom through parse.ts) refuse them with the same message.

import { SvgError } from './errors.ts'

const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True for a code point XML 1.0 allows in a document. */
export function isXmlChar(cp: number): boolean {
  return (
    cp === 9 ||
    cp === 10 ||
    cp === 13 ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  )
}

/** `U+0001` for a code point or UTF-16 unit. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
}

/** The first character of `text` XML forbids, as `U+XXXX`, or null. */
export function forbiddenCharacter(text: string): string | null {
  const match = FORBIDDEN.exec(text)
  return match ? codePointName(match[0].charCodeAt(0)) : null
}

/** Throws SvgError('forbidden_character') when `text` (a decoded value) holds one. */
export function refuseForbiddenCharacters(text: string): void {
  const found = forbiddenCharacter(text)
  if (found) throw new SvgError('forbidden_character', found)
}
