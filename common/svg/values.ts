// Checks on attribute and CSS values: same-document references, url(#id), URL schemes,
// CSS functions. Anything that could load, link or run something is refused.

const ID_CHARS = '[\\p{L}\\p{N}_\\-.:]+'
export const ID_PATTERN = new RegExp(`^${ID_CHARS}$`, 'u')
const LOCAL_REF = new RegExp(`^#(${ID_CHARS})$`, 'u')
/** url(#id), url('#id') or url("#id"); group 2 is the id. */
export const LOCAL_URL = new RegExp(`url\\(\\s*(['"]?)#(${ID_CHARS})\\1\\s*\\)`, 'giu')

// Whitespace, controls, zero-width and bidi characters browsers skip inside URL schemes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g
const DANGEROUS =
  /(?:javascript|vbscript|livescript|mocha|data|file|jar|blob|filesystem):|expression\(|@import|behavior|binding/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The id of a same-document reference (`#id`), or null. */
export function localRefId(value: string): string | null {
  return LOCAL_REF.exec(value.trim())?.[1] ?? null
}

// Plain values — numbers, separators, path data, keywords like round or currentColor — are
// most of an icon's bytes. Without ':', '(', '@', '\\' or controls, the only thing of
// DANGEROUS they can hold is one of its two bare words (spaces aside, as below), and without
// a 'b' not even that; checking this first spares long path data the passes below.
// (A class of ranges: V8 scans it ~10× faster than one listing the path commands.)
const PLAIN = /^[0-9A-Za-z .,+\-\t\n\r]*$/
const BARE_DANGER = /behavior|binding/i

/** For a PLAIN value: does it spell one of DANGEROUS's bare words once whitespace is gone? */
const plainIsUnsafe = (value: string): boolean =>
  /b/i.test(value) && BARE_DANGER.test(value.replace(/[ \t\n\r]/g, ''))

/** True when the value contains a URL scheme, url() to anything but #id, or CSS tricks. */
export function isUnsafeValue(value: string): boolean {
  if (PLAIN.test(value)) return plainIsUnsafe(value)
  if (CONTROL.test(value)) return true
  const compact = value.replace(LOCAL_URL, '').replace(INVISIBLE, '').toLowerCase()
  return DANGEROUS.test(compact) || compact.includes('url(') || compact.includes('\\')
}

const CSS_FUNCTIONS = new Set(
  [
    'url rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix',
    'matrix matrix3d translate translatex translatey translate3d scale scalex scaley scale3d',
    'rotate rotatex rotatey rotatez rotate3d skew skewx skewy perspective calc min max clamp',
    'blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia',
    'circle ellipse inset polygon',
  ]
    .join(' ')
    .split(' '),
)

/** A CSS value safe to keep: no escapes, comments, blocks or unknown functions. */
export function isSafeCssValue(value: string): boolean {
  if (PLAIN.test(value)) return !plainIsUnsafe(value)
  if (/[\\<>{}@;&]|\/\*/.test(value) || isUnsafeValue(value)) return false
  for (const match of value.matchAll(/(?<![a-z0-9_-])([a-z0-9_-]*)\s*\(/gi)) {
    const name = (match[1] ?? '').toLowerCase()
    if (name !== '' && !CSS_FUNCTIONS.has(name)) return false
  }
  return true
}

/** Replaces the id of every url(#id) in a value. */
export function mapLocalUrls(value: string, map: (id: string) => string): string {
  return value.replace(LOCAL_URL, (_all, _quote: string, id: string) => `url(#${map(id)})`)
}
