// The exports of a project (docs/product.md §Exports) and of a selection in the vault, and what each
// download is called. Shared by the builder (the browser's export worker and the server's
// GET /api/projects/export) and the pages that offer them.
import { labelFromName } from '../icon-meaning.ts'
import type { IconAlias } from '../schemas/rows.ts'

export const EXPORT_KINDS = [
  'svg-zip',
  'react-ts',
  'react-js',
  'react-native-ts',
  'sprite',
  'css',
  'font',
  'iconify-json',
] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

export const EXPORT_LABELS: Record<ExportKind, { title: string; detail: string }> = {
  'svg-zip': { title: 'SVG files', detail: 'A ZIP with one optimised .svg file per icon' },
  'react-ts': {
    title: 'React TS package',
    detail: 'One .tsx component per icon, an index and a package.json',
  },
  'react-js': {
    title: 'React JS package',
    detail: 'One .jsx component per icon, an index and a package.json',
  },
  'react-native-ts': {
    title: 'React Native TS package',
    detail: 'react-native-svg components, an index and a package.json',
  },
  sprite: {
    title: 'SVG sprite',
    detail: 'One <symbol> per icon, used with <svg width="1em" height="1em"><use href="#name"/></svg>',
  },
  css: { title: 'CSS file', detail: 'One 1em class per icon, drawn with mask-image in the text colour' },
  font: {
    title: 'Icon font',
    detail: 'A WOFF2 font, its CSS and a demo page; each icon keeps its code point across exports',
  },
  'iconify-json': {
    title: 'Iconify JSON package',
    detail: 'An @iconify-json package (icons.json, info.json) for unplugin-icons, Tailwind and Iconify',
  },
}

/** Built on the server only (ADR 0105: the font tools are Node libraries): never in the browser's worker. */
export const SERVER_ONLY_KINDS: readonly ExportKind[] = ['font']

/**
 * The file an export downloads as: `app-icons-react-ts.zip` for the latest state, with a release's
 * version before the extension (`app-icons-react-ts-1.2.0.zip`), so a release never overwrites
 * Latest's download, nor another release's, in the downloads folder.
 */
export function exportFileName(kind: ExportKind, base: string, version?: string): string {
  const [stem, extension] =
    kind === 'sprite'
      ? [`${base}-sprite`, 'svg']
      : kind === 'css'
        ? [base, 'css']
        : kind === 'font'
          ? [`${base}-font`, 'zip']
          : kind === 'iconify-json'
            ? [`${base}-iconify`, 'zip']
            : [`${base}-${kind === 'svg-zip' ? 'svg' : kind}`, 'zip']
  return `${stem}${version ? `-${version}` : ''}.${extension}`
}

export const exportMime = (kind: ExportKind) =>
  kind === 'sprite' ? 'image/svg+xml' : kind === 'css' ? 'text/css' : 'application/zip'

/** What an export needs of an alias (IconAlias in common/schemas/rows.ts). */
export type ExportAlias = Pick<IconAlias, 'name' | 'deprecated' | 'remove_in'>

export interface ExportIcon {
  name: string
  svg: string
  /** Former names, oldest first: each output emits them (ADR 0104). */
  aliases?: readonly ExportAlias[]
  /** What it means (ADR 0106): every output says it; none given, it is labelled by its name's words. */
  label?: string
  description?: string
  decorative?: boolean
}

/** What an export takes of an icon row (IconRow, a released icon): the same in browser and server. */
export const exportIcon = (row: {
  name: string
  svg: string
  aliases?: readonly ExportAlias[] | null
  label?: string
  description?: string
  decorative?: boolean
}): ExportIcon => ({
  name: row.name,
  svg: row.svg,
  aliases: (row.aliases ?? []).map(({ name, deprecated, remove_in }) => ({ name, deprecated, remove_in })),
  label: row.label ?? '',
  description: row.description ?? '',
  decorative: row.decorative ?? false,
})

/**
 * What an icon means, as an export or a pull emits it (ADR 0106): always given, so an icon nobody
 * labelled is still named by its name's words (an alias's symbol too). An SVG file adds
 * `instance: <its file name>` so that its ids are the same in every export.
 */
export const exportMeaning = (icon: ExportIcon) => ({
  label: icon.label || labelFromName(icon.name),
  description: icon.description ?? '',
  decorative: icon.decorative ?? false,
})

/** Code-unit order (never the locale's): the same anywhere. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The order of an export, from the icons alone (ADR 0104): by name ignoring case, then by name,
 * then by markup. Which icon of two with the same name gets the `-2` suffix depends on it.
 */
export const sortedForExport = <T extends ExportIcon>(icons: readonly T[]): T[] =>
  // Each name lowered once, not once a comparison (50,000 icons: 1.6 million calls).
  icons
    .map((icon) => ({ icon, lower: icon.name.toLowerCase() }))
    .sort(
      (a, b) =>
        compare(a.lower, b.lower) || compare(a.icon.name, b.icon.name) || compare(a.icon.svg, b.icon.svg),
    )
    .map(({ icon }) => icon)

/**
 * The date of every ZIP entry: 1980-01-01 00:00:00, the first a ZIP can hold. ZIP dates are wall
 * clock times and fflate reads the Date's local fields, so it is built from local fields: the same
 * bytes in every time zone.
 */
export const ZIP_MTIME = () => new Date(1980, 0, 1, 0, 0, 0)

export interface ExportRequest {
  kind: ExportKind
  /** The project's name: the package and file names derive from it. */
  projectName: string
  icons: readonly ExportIcon[]
  /** A package's version in its package.json (a release's version); 1.0.0 if not given. */
  version?: string
  /** CSS and font: the class prefix (class-prefix.ts); the project's default if not given. */
  classPrefix?: string
  /** Iconify JSON package: the project's Iconify prefix (ADR 0021); the name's slug if not given. */
  iconifyPrefix?: string
}

export interface ExportResult {
  fileName: string
  mime: string
  bytes: Uint8Array<ArrayBuffer>
  /** Icons that could not be converted (their error), left out of the export. */
  skipped: { name: string; error: string }[]
}
