// An SVG sprite: each icon becomes a <symbol id="name"> with its viewBox and root presentation
// attributes, all in one <svg>. Built on the pipeline's sanitized tree, so nothing unsafe enters.
import { readSvg, type SvgElement, serialize } from '../svg/index.ts'

/** Root attributes that size an <svg> element and have no meaning on a <symbol>. */
const DROP = new Set(['width', 'height', 'x', 'y', 'version', 'xmlns', 'xmlns:xlink'])

function toSymbol(svg: string, id: string): SvgElement {
  const root = readSvg(svg)
  const attrs = new Map<string, string>([['id', id]])
  for (const [name, value] of root.attrs) if (!DROP.has(name)) attrs.set(name, value)
  return { name: 'symbol', attrs, children: root.children }
}

/** One icon as a serialized <symbol> (its own line in the sprite). */
export function spriteSymbol(svg: string, id: string): string {
  // Serialized inside a throwaway root so namespaces are declared once, on the sprite itself.
  const markup = serialize({ name: 'svg', attrs: new Map(), children: [toSymbol(svg, id)] })
  return markup.slice(markup.indexOf('<symbol'), markup.lastIndexOf('</svg>'))
}

export function wrapSprite(symbols: string[]): string {
  const xlink = symbols.some((s) => s.includes('xlink:href'))
    ? ' xmlns:xlink="http://www.w3.org/1999/xlink"'
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg"${xlink} style="display:none">\n${symbols.join('\n')}\n</svg>\n`
}
