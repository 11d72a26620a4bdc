// The code point of each icon in the icon font (issue 23 item 6, ADR 0105), stable across exports
// as IcoMoon's are: derived from the icon's id alone (FNV-1a) into Supplementary Private Use
// Area-A (U+F0000–U+FFFFD, 65,534 points, as Material Design Icons uses), so adding or removing
// other icons never moves it. Two icons whose ids land on one point: the older keeps it (created
// first, then the smaller id) and the newer takes the next free point after it, wrapping round.

export const CODE_POINT_FIRST = 0xf0000
export const CODE_POINT_COUNT = 0xffffd - 0xf0000 + 1 // U+F0000 … U+FFFFD

export interface CodePointIcon {
  id: string
  /** When the icon was created (ISO text or a Date); unknown ones count as newest. */
  created_at?: string | Date | null
}

/** FNV-1a (32 bits) of the id's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash >>> 0
}

/** The point an icon gets when no older icon holds it. */
export const preferredCodePoint = (id: string): number =>
  CODE_POINT_FIRST + (fnv1a(id.toLowerCase()) % CODE_POINT_COUNT)

const time = (value: CodePointIcon['created_at']): number => {
  if (value === null || value === undefined) return Number.POSITIVE_INFINITY
  const ms = value instanceof Date ? value.getTime() : Date.parse(value)
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms
}

/** Each icon's code point, by id. Oldest first claims its preferred point. */
export function assignCodePoints(icons: readonly CodePointIcon[]): Map<string, number> {
  const order = [...icons].sort(
    (a, b) => time(a.created_at) - time(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  const taken = new Set<number>()
  const points = new Map<string, number>()
  for (const icon of order) {
    if (points.has(icon.id)) continue
    let point = preferredCodePoint(icon.id)
    while (taken.has(point))
      point = point + 1 >= CODE_POINT_FIRST + CODE_POINT_COUNT ? CODE_POINT_FIRST : point + 1
    taken.add(point)
    points.set(icon.id, point)
  }
  return points
}
