// The drawing's identity (ADR 0109): two stored drawings are duplicates when their
// normalised forms are equal. "Normalised" is the stored markup (already the pipeline's output) read
// into the tree, then:
//   - ids renamed in document order (d0, d1, …) and every local reference (href, url(#…)) renamed
//     with them: the id prefix an icon's id gives is gone;
//   - attributes sorted by name, values' whitespace collapsed and trimmed;
//   - text's whitespace collapsed, empty text dropped;
//   - what does not draw dropped: <title>, <desc>, <metadata>, aria-* and role.
// drawingHash is the SHA-256 of that form, in hex.
import { localRefId, readSvg, type SvgElement } from './svg/index.ts'

const NOT_DRAWN = new Set(['title', 'desc', 'metadata'])
const LOCAL_URL = /url\(\s*(['"]?)#([^'")\s]+)\1\s*\)/gi
const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim()

/** The normalised form of a stored drawing (above): equal for the same drawing however it was written. */
export function drawingKey(svg: string): string {
  const root = readSvg(svg)
  const ids = new Map<string, string>()
  const collect = (el: SvgElement) => {
    const id = el.attrs.get('id')
    if (id !== undefined && !ids.has(id)) ids.set(id, `d${ids.size}`)
    for (const child of el.children) if (typeof child !== 'string') collect(child)
  }
  collect(root)
  const rename = (id: string) => ids.get(id) ?? id
  const out: string[] = []
  const write = (el: SvgElement) => {
    if (NOT_DRAWN.has(el.name)) return
    const attrs: string[] = []
    for (const [name, raw] of el.attrs) {
      if (name.startsWith('aria-') || name === 'role') continue
      let value = squeeze(raw)
      if (name === 'id') value = rename(value)
      else if (name === 'href' || name === 'xlink:href') {
        const id = localRefId(value)
        if (id !== null) value = `#${rename(id)}`
      } else if (/url\(/i.test(value)) value = value.replace(LOCAL_URL, (_, _q, id) => `url(#${rename(id)})`)
      attrs.push(`${name === 'xlink:href' ? 'href' : name}=${JSON.stringify(value)}`)
    }
    attrs.sort()
    out.push(`<${el.name} ${attrs.join(' ')}>`)
    for (const child of el.children) {
      if (typeof child !== 'string') write(child)
      else if (squeeze(child)) out.push(JSON.stringify(squeeze(child)))
    }
    out.push(`</${el.name}>`)
  }
  write(root)
  return out.join('')
}

/** SHA-256 (hex) of drawingKey(svg): what icons.drawing_hash stores. */
export async function drawingHash(svg: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(drawingKey(svg)))
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}
