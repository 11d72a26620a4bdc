// The exports of a project (docs/product.md §Exports) and of a selection in the vault, and what each
// download is called. Shared by the builder (in a worker) and the pages that offer them.
export const EXPORT_KINDS = ['svg-zip', 'react-ts', 'react-js', 'react-native-ts', 'sprite', 'css'] as const
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
}

export function exportFileName(kind: ExportKind, base: string): string {
  if (kind === 'sprite') return `${base}-sprite.svg`
  if (kind === 'css') return `${base}.css`
  return `${base}-${kind === 'svg-zip' ? 'svg' : kind}.zip`
}

export const exportMime = (kind: ExportKind) =>
  kind === 'sprite' ? 'image/svg+xml' : kind === 'css' ? 'text/css' : 'application/zip'

export interface ExportIcon {
  name: string
  svg: string
}

export interface ExportRequest {
  kind: ExportKind
  /** The project's name: the package and file names derive from it. */
  projectName: string
  icons: ExportIcon[]
}

export interface ExportResult {
  fileName: string
  mime: string
  bytes: Uint8Array<ArrayBuffer>
  /** Icons that could not be converted (their error), left out of the export. */
  skipped: { name: string; error: string }[]
}
