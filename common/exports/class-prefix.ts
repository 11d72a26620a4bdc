// The class prefix of the CSS copy format, the CSS export and the icon font
// (ADR 0105): `.brand-album`, never a bare `.album` or `.ad` that a site's own classes or an ad
// blocker's rules would hit. The default derives from the project's name; a user may set another
// (remembered per project in the browser) or none (the empty prefix).
import { projectSlug } from '../slug.ts'

/** A CSS identifier start (a letter or _), then letters, digits, - and _; or nothing. */
export const CLASS_PREFIX_PATTERN = /^(?:[A-Za-z_][A-Za-z0-9_-]{0,31})?$/

export const isClassPrefix = (value: string): boolean => CLASS_PREFIX_PATTERN.test(value)

/** Words a prefix gains nothing from: "Brand icons" → brand-, not brand-icons-. */
const FILLER = new Set(['icon', 'icons', 'iconset'])

/**
 * The prefix a project gets until one is chosen: the slug of its name without "icons", at most
 * 16 characters (whole words where it can), starting with a letter, ending with "-":
 * "Brand icons" → brand-, "Acme Design Systems" → acme-design-, "3D" → i3d-, "Icons" → icon-.
 */
export function defaultClassPrefix(projectName: string): string {
  const words = projectSlug(projectName)
    .split('-')
    .filter((word) => word && !FILLER.has(word))
  let text = ''
  for (const word of words) {
    const next = text ? `${text}-${word}` : word
    if (next.length > 16) {
      if (!text) text = word.slice(0, 16)
      break
    }
    text = next
  }
  if (!text) return 'icon-'
  return `${/^[a-z]/.test(text) ? '' : 'i'}${text}-`
}
