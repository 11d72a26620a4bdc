// A project as an Iconify icon set (ADR 0021): the names Iconify knows its icons by
// (lowercase words joined by hyphens, as `@provider:prefix:name` needs them), its aliases as
// IconifyJSON aliases, and the files of an `@iconify-json/<prefix>`-shaped package (icons.json,
// info.json, metadata.json, package.json with `iconSet`, index.js/.mjs/.d.ts like the published
// ones) that unplugin-icons, @iconify/tailwind4 and @iconify/utils' loaders read. The endpoint
// (server/domain/iconify/iconify-sets.ts) names icons the same way, so both agree on every name.
import type { IconifyInfo, IconifyJSON } from '@iconify/types'
import { iconSlug } from '../slug.ts'
import { type IconifyIconData, isMulticolour, toIconifyIcon } from '../svg/index.ts'
import { aliasesOf } from './aliases.ts'
import { type ExportIcon, type ExportResult, sortedForExport } from './export-kinds.ts'
import { uniqueNamer } from './unique-names.ts'

export interface IconifyNames<T extends ExportIcon> {
  /** Each icon under its Iconify name, in export order. */
  named: { icon: T; name: string }[]
  /** Alias name → the name of the icon it stands for. */
  aliases: Record<string, string>
  skipped: ExportResult['skipped']
}

/**
 * The Iconify name an icon had before every output took the one slug (lowercase, camelCase not
 * split, accents folded, "icons" when nothing was left): "ArrowLeft" was arrowleft, "3d box" 3d-box.
 */
const formerIconifyName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'icons'

/**
 * Iconify names of icons: their slug (common/slug.ts: "ArrowLeft" → arrow-left), -2 for a second
 * one; aliases likewise. Where an icon's former Iconify name (formerIconifyName, deduplicated the same
 * way) differs and is nobody's, it stays as an alias of the icon: a set already in use keeps finding
 * `brand:arrowleft` (ADR 0104).
 */
export function iconifyNames<T extends ExportIcon>(icons: readonly T[]): IconifyNames<T> {
  const nextName = uniqueNamer(iconSlug)
  const formerName = uniqueNamer(formerIconifyName)
  const sorted = sortedForExport(icons)
  const named = sorted.map((icon) => ({ icon, key: nextName(icon.name).key }))
  const former = sorted.map((icon) => formerName(icon.name).key)
  const placed = aliasesOf(named, iconSlug)
  const aliases: Record<string, string> = {}
  for (const [i, list] of [...placed.byIcon].sort(([a], [b]) => a - b))
    for (const alias of list) aliases[alias.key] = named[i]!.key
  const taken = new Set(named.map(({ key }) => key))
  named.forEach(({ key }, i) => {
    const old = former[i]!
    if (old !== key && !taken.has(old) && !(old in aliases)) aliases[old] = key
  })
  return { named: named.map(({ icon, key }) => ({ icon, name: key })), aliases, skipped: placed.skipped }
}

/** The IconifyJSON entry of an icon ({ body, width, height }); an unreadable drawing is left out (null). */
export function iconifyIcon(svg: string): IconifyIconData | null {
  try {
    return toIconifyIcon(svg)
  } catch {
    return null
  }
}

/** Iconify's `palette` of a set: true when any of its drawings paints in several colours (stops at the first). */
export function iconifyPalette(svgs: Iterable<string>): boolean {
  for (const svg of svgs) if (isMulticolour(svg)) return true
  return false
}

/**
 * The IconifyInfo of a project's set (the endpoint's `collections`, the package's info.json);
 * `palette` from its drawings (iconifyPalette), so pickers filter multicolour sets right.
 */
export const iconifyInfo = (projectName: string, total: number, palette: boolean): IconifyInfo => ({
  name: projectName,
  total,
  author: { name: `${projectName} (Iconvault)` },
  license: { title: 'Proprietary' },
  palette,
})

export interface IconifyPackageRequest {
  prefix: string
  projectName: string
  icons: readonly ExportIcon[]
  version?: string
}

const json = (value: unknown) => `${JSON.stringify(value, null, '\t')}\n`

/** The text files of the `@iconify-json/<prefix>` package of these icons, by path. */
export function iconifyPackageFiles(request: IconifyPackageRequest): {
  files: Record<string, string>
  skipped: ExportResult['skipped']
} {
  const { prefix, projectName } = request
  const { named, aliases, skipped } = iconifyNames(request.icons)
  const icons: IconifyJSON['icons'] = {}
  for (const { icon, name } of named) {
    const data = iconifyIcon(icon.svg)
    if (data) icons[name] = data
    else skipped.push({ name: icon.name, error: 'The drawing could not be read' })
  }
  const set: IconifyJSON = { prefix, icons }
  const kept = Object.fromEntries(Object.entries(aliases).filter(([, parent]) => parent in icons))
  if (Object.keys(kept).length)
    set.aliases = Object.fromEntries(Object.entries(kept).map(([alias, parent]) => [alias, { parent }]))
  const names = Object.keys(icons)
  const heights = new Set(Object.values(icons).map((i) => i.height))
  const info: IconifyInfo = {
    ...iconifyInfo(projectName, names.length, iconifyPalette(named.map(({ icon }) => icon.svg))),
    version: request.version ?? '1.0.0',
    samples: names.slice(0, 3),
    ...(heights.size === 1 ? { height: [...heights][0] } : {}),
  }
  const pkg = {
    name: `@iconify-json/${prefix}`,
    description: `${projectName} icon set in Iconify JSON format, exported from Iconvault`,
    version: request.version ?? '1.0.0',
    private: true,
    main: 'index.js',
    module: 'index.mjs',
    types: 'index.d.ts',
    exports: {
      './*': './*',
      '.': { types: './index.d.ts', require: './index.js', import: './index.mjs' },
      './icons.json': './icons.json',
      './info.json': './info.json',
      './metadata.json': './metadata.json',
    },
    iconSet: { icons: 'icons.json', info: 'info.json', metadata: 'metadata.json' },
    dependencies: { '@iconify/types': '*' },
  }
  const files = {
    'icons.json': json(set),
    'info.json': json({ prefix, ...info }),
    'metadata.json': json({}),
    'package.json': json(pkg),
    'index.js': [
      "const icons = require('./icons.json');",
      "const info = require('./info.json');",
      "const metadata = require('./metadata.json');",
      '',
      'exports.icons = icons;',
      'exports.info = info;',
      'exports.metadata = metadata;',
      '',
    ].join('\n'),
    'index.mjs': [
      "import icons from './icons.json' with { type: 'json' };",
      "import info from './info.json' with { type: 'json' };",
      "import metadata from './metadata.json' with { type: 'json' };",
      '',
      'export { icons, info, metadata };',
      '',
    ].join('\n'),
    'index.d.ts': [
      "import type { IconifyJSON, IconifyInfo, IconifyMetaData } from '@iconify/types';",
      '',
      'export { IconifyJSON, IconifyInfo, IconifyMetaData };',
      '',
      'export declare const icons: IconifyJSON;',
      'export declare const info: IconifyInfo;',
      'export declare const metadata: IconifyMetaData;',
      '',
    ].join('\n'),
  }
  return { files, skipped }
}
