// Which icons the grid draws as inline markup, and the markup. Inline SVG is about five times
// cheaper for the browser than an SVG image (each image is an isolated document: measured in
// bench/vault-grid.ts and ADR 0400), and it follows the text colour by itself. It is only used for
// markup that is already the SVG pipeline's output (sanitized by allowlist on the server when
// stored and again when served, or by processSvg in the browser on import) AND passes the check
// below; anything with a construct that could act outside its box (script, style sheets, links,
// animation, embedded images or documents, event handlers, URLs other than #id references) is
// drawn as an <img> instead. The app's CSP (no inline script) is a third wall.
import { themed } from '../../lib/icon-image.ts'

/** What keeps an icon out of the page: each rule names one way markup could act outside its box. */
const UNSAFE_RULES = [
  // elements that run, embed, link, restyle the page or change the drawing over time
  /<\s*(?:script|style|foreignObject|iframe|object|embed|image|img|feImage|a|animate\w*|set|handler|listener|switch|cursor|font-face\w*|tref|discard)\b/i,
  /<\s*[\w.-]+:/, // prefixed (foreign-namespace) elements
  /[\s:]on[a-z]+\s*=/i, // event handlers, prefixed ones too
  /\s(?!xlink:href\b|xml:space\b|xml:lang\b|xmlns:)[\w.-]+:[\w.-]+\s*=/, // other prefixed attributes (xml:base…)
  /xmlns(?::[\w.-]+)?\s*=\s*["'](?!http:\/\/www\.w3\.org\/(?:2000\/svg|1999\/xlink)["'])/, // foreign namespaces
  /(?:java|vb|live)script:|data:|expression\s*\(|@import|behavior|binding|\\/i, // schemes and CSS tricks
  /url\(\s*(?!["']?#)/i, // url() to anything but #id
  /href\s*=\s*(?:"\s*(?!#)|'\s*(?!#)|(?!["'#]))/i, // href to anything but #id
  /&(?!(?:amp|lt|gt|quot|apos|#(?:9|10|13));)/, // entities other than the serializer's own
  /<[!?]/, // declarations, processing instructions, comments, CDATA
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean binary or smuggled input
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/,
]

const isUnsafe = (svg: string) => UNSAFE_RULES.some((rule) => rule.test(svg))

// Keyed by the markup itself; as many as icon-svgs.ts keeps drawings (the markup and its themed copy
// are held here too, so no more than a few screens of them: ADR 0423).
const cache = new Map<string, string | null>()
const MAX_CACHED = 3_000

/** Markup safe to insert inline, painted in currentColor where it has no colour; null: use an image. */
export function inlineMarkup(svg: string): string | null {
  let markup = cache.get(svg)
  if (markup === undefined) {
    markup = /^<svg[\s>]/.test(svg) && !isUnsafe(svg) ? themed(svg, 'currentColor') : null
    if (cache.size >= MAX_CACHED) cache.clear()
    cache.set(svg, markup)
  }
  return markup
}
