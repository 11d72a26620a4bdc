// What the pipeline's allowlist takes out of a drawing (scripts, event handlers, external
// references, foreign content, unsafe CSS), found by comparing the parsed input with the sanitizer's
// own output, so the maker can say what it removed instead of cleaning silently.
import {
  parseDeclarations,
  parseSvgTree,
  type RawElement,
  RENAMED_ELEMENTS,
  type SvgElement,
  sanitizeRaw,
} from '@common/svg/index.ts'

type Tally = Map<string, number>

const count = (tally: Tally, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1)

/** How to name a removed (or cut) attribute; null when it was kept whole. */
function attrKind(name: string, raw: string, kept: string | undefined): string | null {
  if (name === 'style') {
    // parseDeclarations keeps only safe declarations: count the raw ones by their colons.
    const before = raw.split(';').filter((d) => d.includes(':')).length
    return before > parseDeclarations(kept ?? '').length ? 'unsafe CSS declaration' : null
  }
  if (kept !== undefined) return null
  if (/^on/i.test(name)) return 'event handler'
  if (name === 'href' || name === 'xlink:href') return 'external reference'
  return `"${name}" attribute`
}

function compare(raw: RawElement, clean: SvgElement, elements: Tally, attrs: Tally): void {
  for (const [name, value] of raw.attrs) {
    const kind = attrKind(name, value, clean.attrs.get(name))
    if (kind) count(attrs, kind)
  }
  const kept = clean.children.filter((c): c is SvgElement => typeof c !== 'string')
  let j = 0
  for (const child of raw.children) {
    if (typeof child === 'string') continue
    const next = kept[j]
    if (next && next.name === (RENAMED_ELEMENTS.get(child.name) ?? child.name)) {
      compare(child, next, elements, attrs)
      j++
    } else count(elements, `<${child.name}>`)
  }
}

const plural = (n: number, one: string) => (n === 1 ? `1 ${one}` : `${n} ${one}s`)

/**
 * A sentence naming what sanitizing removes from `svg` ("Removed for safety: 1 <script> element,
 * 2 event handlers."), or null when nothing is removed or the input is refused outright.
 */
export function describeRemovals(svg: string): string | null {
  let raw: RawElement
  let clean: SvgElement
  try {
    raw = parseSvgTree(svg)
    clean = sanitizeRaw(raw)
  } catch {
    return null
  }
  const elements: Tally = new Map()
  const attrs: Tally = new Map()
  compare(raw, clean, elements, attrs)
  const parts = [
    ...[...elements].map(([name, n]) => plural(n, `${name} element`)),
    ...[...attrs].map(([kind, n]) => plural(n, kind)),
  ]
  return parts.length ? `Removed for safety: ${parts.join(', ')}.` : null
}
