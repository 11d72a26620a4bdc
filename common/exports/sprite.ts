// An SVG sprite: each icon becomes a <symbol id="name"> with its viewBox and root presentation
// attributes, all in one <svg>. Built on the pipeline's sanitized tree, so nothing unsafe enters.
// Each symbol carries the icon's <title> (and <desc>) unless it is decorative (ADR 0106).
import { type ConvertOptions, makeAccessibleTree, readSvg, type SvgElement, serialize } from '../svg/index.ts'

/** Root attributes that size an <svg> element and have no meaning on a <symbol>. */
const DROP = new Set(['width', 'height', 'x', 'y', 'version', 'xmlns', 'xmlns:xlink'])

function toSymbol(svg: string, id: string, meaning: ConvertOptions | undefined): SvgElement {
  const root = readSvg(svg)
  if (meaning) makeAccessibleTree(root, id, meaning)
  const attrs = new Map<string, string>([['id', id]])
  for (const [name, value] of root.attrs) if (!DROP.has(name)) attrs.set(name, value)
  return { name: 'symbol', attrs, children: root.children }
}

/** One icon as a serialized <symbol> (its own line in the sprite); `meaning`: its title and description. */
export function spriteSymbol(svg: string, id: string, meaning?: ConvertOptions): string {
  // Serialized inside a throwaway root so namespaces are declared once, on the sprite itself.
  const markup = serialize({ name: 'svg', attrs: new Map(), children: [toSymbol(svg, id, meaning)] })
  return markup.slice(markup.indexOf('<symbol'), markup.lastIndexOf('</svg>'))
}

/** How a symbol is shown accessibly: the <use> inherits no name, so the showing <svg> says it. */
const USAGE =
  '<!-- Use: <svg role="img" aria-label="Label" width="1em" height="1em"><use href="#name"/></svg>; a decorative icon: <svg aria-hidden="true" …> -->'

export function wrapSprite(symbols: string[]): string {
  const xlink = symbols.some((s) => s.includes('xlink:href'))
    ? ' xmlns:xlink="http://www.w3.org/1999/xlink"'
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg"${xlink} style="display:none">\n${USAGE}\n${symbols.join('\n')}\n</svg>\n`
}
