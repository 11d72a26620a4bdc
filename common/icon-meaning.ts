// What an icon means: its accessibility label, description, decorative flag and tags.
// The limits and the tag rule live here once: the API's schemas (schemas/icon-meaning.ts), the
// detail panel's tag editor and the import's suggestions all use them.

export const MAX_LABEL_LENGTH = 200
export const MAX_DESCRIPTION_LENGTH = 1000
export const MAX_TAGS = 32
export const MAX_TAG_LENGTH = 40

/** An icon's meaning as every row carries it. */
export type IconMeaning = { label: string; description: string; decorative: boolean; tags: string[] }

/** The meaning of an icon nobody described yet (a new object each time: rows own their tags). */
export const noMeaning = (): IconMeaning => ({ label: '', description: '', decorative: false, tags: [] })

/** A tag as stored: trimmed, inner whitespace collapsed to one space, lower case. */
export const normalTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase()

/** Tags as stored: each normalised, empty ones dropped, the first of equal ones kept, in order. */
export function normalTags(tags: readonly string[]): string[] {
  const out: string[] = []
  for (const tag of tags) {
    const t = normalTag(tag)
    if (t && !out.includes(t)) out.push(t)
  }
  return out
}

/** Words of an icon's name as a label: "arrow-left" → "Arrow left", "chevronDown_2" → "Chevron down 2". */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s\-_./]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
  return (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, MAX_LABEL_LENGTH)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** An element's text content as XML gives it: CDATA unwrapped, markup dropped, entities decoded, spaces collapsed. */
function elementText(svg: string, tag: 'title' | 'desc'): string {
  const match = new RegExp(`<(?:svg:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:svg:)?${tag}\\s*>`, 'i').exec(svg)
  if (!match) return ''
  return (
    match[1]!
      .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
        if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1))
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
      })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a label is one line of plain text
      .replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ')
      .trim()
  )
}

/**
 * What an imported file says it means (ADR 0106): its first <title> as the label, else none
 * (a blank label is the words of the icon's current name in every output, so it follows a rename);
 * its first <desc> as the description. The file's name (`_name`) is not stored as a label for that reason. Read from the file's text as dropped (the
 * pipeline keeps both elements, but the outputs replace the root's own with the stored meaning).
 */
export function suggestedMeaning(_name: string, svg: string): IconMeaning {
  return {
    label: elementText(svg, 'title').slice(0, MAX_LABEL_LENGTH).trim(),
    description: elementText(svg, 'desc').slice(0, MAX_DESCRIPTION_LENGTH).trim(),
    decorative: false,
    tags: [],
  }
}
