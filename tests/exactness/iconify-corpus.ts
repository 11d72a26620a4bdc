// Real icons from the Iconify JSON sets installed as devDependencies, as full SVG files:
// `<svg xmlns width height viewBox>` around each icon's body, sized as the set draws it.
// The selection is deterministic: evenly spaced over each set's sorted, visible icon names.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

interface IconifyIcon {
  body: string
  width?: number
  height?: number
  left?: number
  top?: number
  hidden?: boolean
}

interface IconifyJson {
  prefix: string
  icons: Record<string, IconifyIcon>
  width?: number
  height?: number
  left?: number
  top?: number
}

export interface CorpusIcon {
  /** `set:name`, e.g. `lucide:arrow-left`. */
  id: string
  set: string
  name: string
  svg: string
}

/** Icons per set. lucide, tabler, mdi, ph and material-symbols draw in currentColor; fluent-emoji-flat is multicolour. */
export type CorpusSpec = Record<string, number | 'all'>

/** The harness's selection: 5,106 icons with the installed sets (all of lucide's 1,856 visible ones). */
export const EXACTNESS_SPEC: CorpusSpec = {
  lucide: 'all',
  tabler: 1_300,
  mdi: 700,
  ph: 550,
  'material-symbols': 300,
  'fluent-emoji-flat': 400,
}

function loadIconSet(set: string): IconifyJson {
  return JSON.parse(readFileSync(require.resolve(`@iconify-json/${set}/icons.json`), 'utf8')) as IconifyJson
}

/** The icon as a standalone SVG file. */
function iconSvg(data: IconifyJson, name: string): string {
  const icon = data.icons[name]
  if (!icon) throw new Error(`${data.prefix}:${name} is not in the set`)
  const width = icon.width ?? data.width ?? 16
  const height = icon.height ?? data.height ?? 16
  const left = icon.left ?? data.left ?? 0
  const top = icon.top ?? data.top ?? 0
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${icon.body}</svg>`
}

/** `count` names evenly spaced over the sorted visible names (all of them for 'all'). */
function pick(names: string[], count: number | 'all'): string[] {
  if (count === 'all' || count >= names.length) return names
  return Array.from({ length: count }, (_, i) => names[Math.floor((i * names.length) / count)]!)
}

export function iconifyCorpus(spec: CorpusSpec = EXACTNESS_SPEC): CorpusIcon[] {
  const out: CorpusIcon[] = []
  for (const [set, count] of Object.entries(spec)) {
    const data = loadIconSet(set)
    const names = Object.keys(data.icons)
      .filter((name) => !data.icons[name]?.hidden)
      .sort()
    for (const name of pick(names, count))
      out.push({ id: `${set}:${name}`, set, name, svg: iconSvg(data, name) })
  }
  return out
}
