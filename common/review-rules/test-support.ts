// Test and bench helper: the icons of an installed Iconify set (@iconify-json/<set>) as SVG markup,
// each with its own view box; hidden icons (removed from the set, kept for old names) are left out.
import { createRequire } from 'node:module'

type IconifySet = {
  width?: number
  height?: number
  icons: Record<string, { body: string; width?: number; height?: number; hidden?: boolean }>
}

export function iconSet(prefix: string, keep: (name: string) => boolean = () => true) {
  const set = createRequire(import.meta.url)(`@iconify-json/${prefix}/icons.json`) as IconifySet
  return Object.entries(set.icons)
    .filter(([name, icon]) => !icon.hidden && keep(name))
    .map(([name, icon]) => ({
      name,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width ?? set.width ?? 16} ${icon.height ?? set.height ?? 16}">${icon.body}</svg>`,
    }))
}
