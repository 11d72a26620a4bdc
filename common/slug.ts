// The one slug: how a name becomes lowercase ASCII words joined by "-" in every output (ADR 0104):
// CSS classes of the copy format, the exports and the icon font, file names (exports, downloads, the
// CLI), Iconify names and prefixes, class prefixes, package names. The database's default Iconify
// prefix applies the same rule in SQL (drizzle/0017_one_slug.sql); a test runs one table of names
// through every output (tests/integration/one-slug.test.ts).
//
// The rule: compatibility-decompose (NFKD: "é" → "e" + accent, "ﬁ" → "fi", full-width letters →
// ASCII), drop the combining accents, split camelCase ("ArrowLeft" → Arrow Left, "HTMLParser" →
// HTML Parser), then every run of anything but A-Z, a-z, 0-9 separates words. Other scripts and
// emoji are not letters here: a name of them alone has no slug (''), and each output says what it
// uses then.

/** Combining accents (the Unicode blocks of combining diacritical marks): removed, not separators. */
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g

/** The slug of `text`: "Café Icons" → cafe-icons, "ArrowLeft" → arrow-left, "🙂" → ''. */
export function slug(text: string): string {
  // Only names beyond printable ASCII have something to decompose.
  const folded = /[^\x20-\x7e]/.test(text) ? text.normalize('NFKD').replace(ACCENTS, '') : text
  return folded
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * An icon's name in every output that names it by a slug (CSS class, file name, Iconify name, font
 * class): the slug, starting with a letter ("3d box" → icon-3d-box, as a CSS class must), "icon"
 * when the name has no slug.
 */
export function iconSlug(name: string): string {
  const text = slug(name)
  if (text === '') return 'icon'
  return /^[0-9]/.test(text) ? `icon-${text}` : text
}

/** A project's name as a file or package name: its slug, "icons" when it has none. */
export const projectSlug = (name: string): string => slug(name) || 'icons'
