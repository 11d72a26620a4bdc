// The files of a pull: one per icon, named and converted as the in-app export does (the same
// common/ code: sortedForExport, uniqueNamer, aliasesOf, convertSvg, indexAliasLines), so each file
// is byte-identical to the in-app copy of its icon; for the package formats the export's index,
// with the aliases' deprecated re-exports (ADR 0104).
// A pull from the lock's cursor (ADR 0020) passes the icons it did not receive as `kept` (their
// name and aliases from the lock, no markup): each must keep its file, or the build answers null
// and the pull lists the project whole.
import { aliasesOf, indexAliasLines } from '../../common/exports/aliases.ts'
import {
  type ExportAlias,
  exportIcon,
  exportMeaning,
  sortedForExport,
} from '../../common/exports/export-kinds.ts'
import { componentExtension, indexFile, moduleSpecifier } from '../../common/exports/package-files.ts'
import { uniqueNamer } from '../../common/exports/unique-names.ts'
import { type CopyFormat, componentName, convertSvg, cssClassName } from '../../common/svg/index.ts'
import { sha256 } from './lock.ts'

export interface PullIcon {
  id: string | null
  name: string
  svg: string
  aliases?: readonly ExportAlias[] | null
  /** Kept from the lock (not received): its file and that file's sha256; `svg` is then ''. */
  kept?: { file: string; sha256: string }
}

export interface BuiltIcon {
  id: string | null
  name: string
  file: string
  /** The file's bytes; absent for a kept icon (its file on disk is already these bytes). */
  text?: string
  sha256: string
  aliases?: ExportAlias[]
}

export interface Built {
  icons: BuiltIcon[]
  /** Files that are no icon's: the index (package formats). */
  extra: { file: string; text: string }[]
  skipped: { id: string | null; name: string; error: string }[]
}

/**
 * Where a first pull sends the files as they are made (pull.ts): every icon's file name first, before
 * any file, then each file's text as soon as it is converted.
 */
export interface FileSink {
  names(files: readonly string[]): void
  text(file: string, text: string): void
}

/** The files of `rows`; null when a kept icon would need another file (only a whole list can say). */
export function buildFiles(
  rows: readonly PullIcon[],
  format: CopyFormat,
  classPrefix: string,
  sink?: FileSink,
): Built | null {
  const pkg = format === 'react-ts' || format === 'react-js' || format === 'react-native-ts' ? format : null
  const derive = pkg ? componentName : cssClassName
  const nextName = uniqueNamer(derive)
  const withRow = rows.map((row) => ({ ...exportIcon(row), row }))
  const named = sortedForExport(withRow).map((icon) => ({ icon, ...nextName(icon.name) }))
  const aliases = aliasesOf(named, derive)
  const skipped: Built['skipped'] = aliases.skipped.map((s) => ({ id: null, ...s }))
  const icons: BuiltIcon[] = []
  const indexLines: string[] = []
  const extension = pkg ? componentExtension(pkg) : format
  sink?.names(named.map(({ key }) => `${key}.${extension}`))
  for (const [i, { icon, name, key }] of named.entries()) {
    const { row } = icon
    const file = `${key}.${extension}`
    const kept = row.kept
    const own = (icon.aliases ?? []).length ? { aliases: [...(icon.aliases ?? [])] } : {}
    if (kept && kept.file !== file) return null
    try {
      // What it means, as the export says it (ADR 0106); an SVG file's ids are named after its file.
      const meaning = exportMeaning(icon)
      const options =
        format === 'css'
          ? { classPrefix, ...meaning }
          : format === 'svg'
            ? { ...meaning, instance: key }
            : meaning
      const text = kept ? undefined : convertSvg(icon.svg, format, name, options)
      if (text !== undefined) sink?.text(file, text)
      icons.push({
        id: row.id,
        name: row.name,
        file,
        ...(text === undefined ? {} : { text }),
        sha256: kept?.sha256 ?? sha256(text ?? ''),
        ...own,
      })
      if (pkg) {
        const from = moduleSpecifier(pkg, key)
        indexLines.push(
          `export { ${key} } from '${from}'`,
          ...indexAliasLines(key, aliases.byIcon.get(i) ?? [], from),
        )
      }
    } catch (error) {
      skipped.push({
        id: row.id,
        name: icon.name,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  const extra = pkg ? [indexFile(pkg, indexLines)].map(({ path, text }) => ({ file: path, text })) : []
  return { icons, extra, skipped }
}
