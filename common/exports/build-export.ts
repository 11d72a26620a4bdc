// Builds one export of many icons: a ZIP of SVGs, a component package (one file per icon, an index
// re-exporting all, package.json and README), an SVG sprite or a CSS file. Pure and deterministic
// (ADR 0104): the same icons give the same bytes in the browser's export worker and on the server
// (GET /api/projects/export): the icons are taken in a fixed order (by name), every ZIP entry has the
// same fixed date, and each output carries the icons' aliases (their former names); CSS classes
// take the class prefix (ADR 0105). The icon font is built on the server (icon-font.ts). Reports progress
// and yields now and then, so it also runs on a thread that must stay responsive.
// `prepareExport` converts every icon and says what is skipped; its ZIP entries are then packed
// whole (`buildExport`) or streamed as they are packed (the server, zip-stream.ts, ADR 0111).
import { projectSlug } from '../slug.ts'
import { componentName, convertSvg, cssClassName } from '../svg/index.ts'
import { type AliasNames, aliasesFile, aliasesOf, cssWithAliases, indexAliasLines } from './aliases.ts'
import { defaultClassPrefix } from './class-prefix.ts'
import {
  type ExportRequest,
  type ExportResult,
  exportFileName,
  exportMeaning,
  exportMime,
  sortedForExport,
} from './export-kinds.ts'
import { iconifyPackageFiles } from './iconify-json.ts'
import { componentExtension, indexFile, moduleSpecifier, packageJson, readme } from './package-files.ts'
import { spriteSymbol, wrapSprite } from './sprite.ts'
import { uniqueNamer } from './unique-names.ts'
import { zipStored } from './zip-stream.ts'

export type Progress = (done: number, total: number) => void

const encoder = new TextEncoder()
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * An export converted, not yet packed: its ZIP's entries in order (`entries`), or the one file it is
 * (`body`: the sprite, the CSS).
 */
export type PreparedExport = Omit<ExportResult, 'bytes'> &
  (
    | { entries: [string, Uint8Array][]; body?: undefined }
    | { body: Uint8Array<ArrayBuffer>; entries?: undefined }
  )

/** The export's bytes: its ZIP (stored entries, zip-stream.ts) or its one file. */
export async function buildExport(
  request: ExportRequest,
  onProgress: Progress,
  yieldEvery = 0,
): Promise<ExportResult> {
  const { entries, body, ...rest } = await prepareExport(request, onProgress, yieldEvery)
  if (yieldEvery) await pause()
  return { ...rest, bytes: body ?? zipStored(entries) }
}

export async function prepareExport(
  request: ExportRequest,
  onProgress: Progress,
  yieldEvery = 0,
): Promise<PreparedExport> {
  const { kind } = request
  if (kind === 'font') throw new Error('The icon font is built on the server (GET /api/projects/export)')
  const classPrefix = request.classPrefix ?? defaultClassPrefix(request.projectName)
  const icons = sortedForExport(request.icons)
  const base = projectSlug(request.projectName)
  if (kind === 'iconify-json') return iconifyExport(request, base)
  const files: [string, Uint8Array][] = []
  const texts: string[] = []
  const components: string[] = []
  const skipped: ExportResult['skipped'] = []
  const pkg = kind === 'react-ts' || kind === 'react-js' || kind === 'react-native-ts' ? kind : null
  const derive = pkg ? componentName : cssClassName
  const nextName = uniqueNamer(derive)
  // Every icon's own name first: an alias never takes a name an icon has (it is left out instead).
  const named = icons.map((icon) => ({ icon, ...nextName(icon.name) }))
  const aliases: AliasNames = aliasesOf(named, derive)
  skipped.push(...aliases.skipped)
  const indexLines: string[] = []

  for (const [i, { icon, name, key }] of named.entries()) {
    const mine = aliases.byIcon.get(i) ?? []
    const meaning = exportMeaning(icon)
    try {
      if (kind === 'svg-zip')
        files.push([
          `${key}.svg`,
          encoder.encode(convertSvg(icon.svg, 'svg', name, { ...meaning, instance: key })),
        ])
      else if (kind === 'sprite') {
        const symbol = spriteSymbol(icon.svg, key, meaning)
        texts.push(symbol, ...mine.map((alias) => spriteSymbol(icon.svg, alias.key, meaning)))
      } else if (kind === 'css')
        texts.push(
          cssWithAliases(convertSvg(icon.svg, 'css', name, { classPrefix, ...meaning }), mine, classPrefix),
        )
      else if (pkg) {
        files.push([
          `${key}.${componentExtension(pkg)}`,
          encoder.encode(convertSvg(icon.svg, pkg, name, meaning)),
        ])
        components.push(key)
        const from = moduleSpecifier(pkg, key)
        indexLines.push(`export { ${key} } from '${from}'`, ...indexAliasLines(key, mine, from))
      }
    } catch (error) {
      skipped.push({ name: icon.name, error: errorText(error) })
      aliases.byIcon.delete(i)
    }
    if ((i + 1) % 50 === 0 || i + 1 === icons.length) onProgress(i + 1, icons.length)
    if (yieldEvery && (i + 1) % yieldEvery === 0) await pause()
  }

  const head = { fileName: exportFileName(kind, base, request.version), mime: exportMime(kind), skipped }
  if (kind === 'sprite') return { ...head, body: encoder.encode(wrapSprite(texts)) }
  if (kind === 'css')
    return {
      ...head,
      body: encoder.encode(
        `/* ${request.projectName}: ${texts.length} icons, from Iconvault */\n\n${texts.join('\n')}`,
      ),
    }
  if (pkg) {
    const index = indexFile(pkg, indexLines)
    files.push(
      [index.path, encoder.encode(index.text)],
      ['package.json', encoder.encode(packageJson(pkg, base, components.length, request.version))],
      ['README.md', encoder.encode(readme(pkg, request.projectName, base, components[0]))],
    )
  } else {
    const map = aliasesFile(named, aliases)
    if (map) files.push(['aliases.json', encoder.encode(map)])
  }
  return { ...head, entries: files }
}

/** The `@iconify-json/<prefix>` package (iconify-json.ts) as a ZIP. */
function iconifyExport(request: ExportRequest, base: string): PreparedExport {
  const { files, skipped } = iconifyPackageFiles({
    prefix: request.iconifyPrefix || base,
    projectName: request.projectName,
    icons: request.icons,
    version: request.version,
  })
  return {
    fileName: exportFileName('iconify-json', base, request.version),
    mime: exportMime('iconify-json'),
    entries: Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]),
    skipped,
  }
}
