// The code point of each icon in the icon font (ADR 0105), stable across exports
// as IcoMoon's are: derived from the icon's id (FNV-1a) into Supplementary Private Use Area-A
// (U+F0000–U+FFFFD, 65,534 points, as Material Design Icons uses). Two icons whose ids land on one
// point: the older keeps it (created first, then the smaller id) and the newer takes the next free
// point after it, wrapping round. Points once given are `kept` (the server stores them per project:
// server/domain/exports/code-points.ts), so a bumped icon stays where it is when the icon it gave way to
// is deleted or moved away.

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

/** All 65,534 points are taken: the font cannot hold another icon. */
export class NoFreeCodePoint extends Error {
  constructor() {
    super('Every code point of the icon font is taken')
  }
}

/**
 * Each icon's code point, by id: a kept one as it was; the others, oldest first, their preferred
 * point or the next free one, past every kept point (`kept` may hold icons that are not in `icons`:
 * their points stay reserved). Answers the points of `icons`.
 */
export function assignCodePoints(
  icons: readonly CodePointIcon[],
  kept: ReadonlyMap<string, number> = new Map(),
): Map<string, number> {
  const order = [...icons].sort(
    (a, b) => time(a.created_at) - time(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  const taken = new Set<number>(kept.values())
  const points = new Map<string, number>()
  for (const icon of order) {
    if (points.has(icon.id)) continue
    const was = kept.get(icon.id)
    if (was !== undefined) {
      points.set(icon.id, was)
      continue
    }
    if (taken.size >= CODE_POINT_COUNT) throw new NoFreeCodePoint()
    let point = preferredCodePoint(icon.id)
    while (taken.has(point))
      point = point + 1 >= CODE_POINT_FIRST + CODE_POINT_COUNT ? CODE_POINT_FIRST : point + 1
    taken.add(point)
    points.set(icon.id, point)
  }
  return points
}
