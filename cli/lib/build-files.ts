// The files of a pull: one per icon, named and converted as the in-app export does (the same
// common/ code: sortedForExport, uniqueNamer, aliasesOf, convertSvg, indexAliasLines), so each file
// is byte-identical to the in-app copy of its icon; for the package formats the export's index,
// with the aliases' deprecated re-exports (ADR 0104).
import { aliasesOf, indexAliasLines } from '../../common/exports/aliases.ts'
import { type ExportIcon, exportIcon, sortedForExport } from '../../common/exports/export-kinds.ts'
import { componentExtension, indexFile } from '../../common/exports/package-files.ts'
import { uniqueNamer } from '../../common/exports/unique-names.ts'
import { type CopyFormat, componentName, convertSvg, cssClassName } from '../../common/svg/index.ts'

export interface PullIcon {
  id: string | null
  name: string
  svg: string
  aliases?: ExportIcon['aliases'] | null
}

export interface BuiltIcon {
  id: string | null
  name: string
  file: string
  text: string
}

export interface Built {
  icons: BuiltIcon[]
  /** Files that are no icon's: the index (package formats). */
  extra: { file: string; text: string }[]
  skipped: { name: string; error: string }[]
}

export function buildFiles(rows: readonly PullIcon[], format: CopyFormat, classPrefix: string): Built {
  const pkg = format === 'react-ts' || format === 'react-js' || format === 'react-native-ts' ? format : null
  const derive = pkg ? componentName : cssClassName
  const nextName = uniqueNamer(derive)
  const withRow = rows.map((row) => ({ ...exportIcon(row), row }))
  const named = sortedForExport(withRow).map((icon) => ({ icon, ...nextName(icon.name) }))
  const aliases = aliasesOf(named, derive)
  const skipped = [...aliases.skipped]
  const icons: BuiltIcon[] = []
  const indexLines: string[] = []
  const extension = pkg ? componentExtension(pkg) : format
  for (const [i, { icon, name, key }] of named.entries()) {
    try {
      const text = convertSvg(icon.svg, format, name, format === 'css' ? { classPrefix } : {})
      icons.push({ id: icon.row.id, name: icon.row.name, file: `${key}.${extension}`, text })
      if (pkg)
        indexLines.push(
          `export { ${key} } from './${key}'`,
          ...indexAliasLines(key, aliases.byIcon.get(i) ?? []),
        )
    } catch (error) {
      skipped.push({ name: icon.name, error: error instanceof Error ? error.message : String(error) })
    }
  }
  const extra = pkg ? [indexFile(pkg, indexLines)].map(({ path, text }) => ({ file: path, text })) : []
  return { icons, extra, skipped }
}
