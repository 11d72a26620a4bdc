// The default size and colour on a copy format's root. Pasted into text an icon is 1em high, its
// width from the viewBox's ratio (as Icônes' and SVGR's icons are); a single-colour icon drawn in
// a fixed colour paints in currentColor with that colour as `color` on the root, so it draws what
// is stored and a CSS `color` on the icon or a prop still overrides it. Both are attributes of the
// root, written before the props in React: props override them.

import { parseViewBox } from './normalize.ts'
import type { SvgElement } from './tree.ts'

/** The default size of React Native components (`size` prop, in dp). */
export const NATIVE_SIZE = 24

const round = (n: number): string => String(Math.round(n * 10_000) / 10_000)

/** The width in em for a height of 1em (the viewBox's ratio), or null without a valid viewBox. */
export function emWidth(root: SvgElement): string | null {
  const box = parseViewBox(root.attrs.get('viewBox'))
  return box ? `${round(box[2] / box[3])}em` : null
}

/**
 * Sets the defaults on the root, in place: `size` replaces width and height (written first),
 * `color` goes last. Without a valid viewBox a size would change the drawing: pass null then.
 */
export function setRootDefaults(
  root: SvgElement,
  size: { width: string; height: string } | null,
  color: string | null,
): void {
  const attrs = [...root.attrs].filter(([name]) => !(size && (name === 'width' || name === 'height')))
  root.attrs.clear()
  if (size) {
    root.attrs.set('width', size.width)
    root.attrs.set('height', size.height)
  }
  for (const [name, value] of attrs) root.attrs.set(name, value)
  if (color) root.attrs.set('color', color)
}
