// One icon of an Iconify JSON set as a standalone SVG: aliases resolved (their flips and quarter
// turns applied with the maker's own ops), the set's default size and offsets used.
import type { IconifyAlias, IconifyIcon, IconifyJSON } from '@iconify/types'
import { flip, rotate } from '../ops/orient.ts'

type Resolved = IconifyIcon & { body: string }

function resolve(set: IconifyJSON, name: string): Resolved | null {
  const chain: IconifyAlias[] = []
  let current = name
  for (let depth = 0; depth < 6; depth++) {
    const icon = set.icons[current]
    if (icon) {
      const merged: Resolved = { ...icon }
      for (const alias of chain.reverse()) {
        const { parent: _parent, rotate: r, hFlip, vFlip, ...props } = alias
        Object.assign(merged, props)
        merged.rotate = ((merged.rotate ?? 0) + (r ?? 0)) % 4
        merged.hFlip = Boolean(merged.hFlip) !== Boolean(hFlip)
        merged.vFlip = Boolean(merged.vFlip) !== Boolean(vFlip)
      }
      return merged
    }
    const alias = set.aliases?.[current]
    if (!alias) return null
    chain.push(alias)
    current = alias.parent
  }
  return null
}

export function iconToSvg(set: IconifyJSON, name: string): string | null {
  const icon = resolve(set, name)
  if (!icon) return null
  const left = icon.left ?? set.left ?? 0
  const top = icon.top ?? set.top ?? 0
  const width = icon.width ?? set.width ?? 16
  const height = icon.height ?? set.height ?? 16
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${left} ${top} ${width} ${height}">${icon.body}</svg>`
  if (icon.hFlip) svg = flip(svg, 'horizontal')
  if (icon.vFlip) svg = flip(svg, 'vertical')
  const quarters = (((icon.rotate ?? 0) % 4) + 4) % 4
  if (quarters) svg = rotate(svg, (quarters * 90) as 90 | 180 | 270)
  return svg
}
