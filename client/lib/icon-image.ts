// How the vault shows an icon: an <img> of a data URI of the stored (sanitized) SVG. An image
// document never runs script, loads nothing external and cannot navigate, whatever the markup.
// currentColor has no meaning inside an image, so it becomes the theme's text colour, and so does
// the default black fill; URIs are memoised (10,000 icons scroll past without re-encoding).
const cache = new Map<string, string>()
const MAX_CACHED = 30_000

/** The theme's text colours (styles.css --iv-fg). */
export const ICON_INK = { light: '#18181b', dark: '#ececf1' } as const

/** The markup with currentColor and the default fill painted in `ink`. */
export function themed(svg: string, ink: string): string {
  const painted = svg.replace(/currentColor/gi, ink)
  const head = /^<svg\b[^>]*>/.exec(painted)?.[0]
  if (!head || /\sfill\s*=/.test(head)) return painted
  return `<svg fill="${ink}"${painted.slice(4)}`
}

/** The data URI of an icon in a colour; memoised by colour and markup. */
export function iconDataUri(svg: string, ink: string = ICON_INK.light): string {
  const key = `${ink}\u0000${svg}`
  let uri = cache.get(key)
  if (uri === undefined) {
    uri = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(themed(svg, ink))}`
    if (cache.size >= MAX_CACHED) cache.clear()
    cache.set(key, uri)
  }
  return uri
}
