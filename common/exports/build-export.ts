// Builds one export of many icons: a ZIP of SVGs, a component package (one file per icon, an index
// re-exporting all, package.json and README), an SVG sprite or a CSS file. Runs in the export
// worker; reports progress and yields now and then, so it also runs on the main thread if it must.

import { zipSync } from 'fflate'
import { componentName, convertSvg, cssClassName } from '../svg/index.ts'
import { type ExportRequest, type ExportResult, exportFileName, exportMime } from './export-kinds.ts'
import { componentExtension, indexFile, packageJson, readme } from './package-files.ts'
import { spriteSymbol, wrapSprite } from './sprite.ts'
import { slug, uniqueNamer } from './unique-names.ts'

export type Progress = (done: number, total: number) => void

const encoder = new TextEncoder()
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export async function buildExport(
  request: ExportRequest,
  onProgress: Progress,
  yieldEvery = 0,
): Promise<ExportResult> {
  const { kind, icons } = request
  const base = slug(request.projectName)
  const files: Record<string, Uint8Array> = {}
  const texts: string[] = []
  const components: string[] = []
  const skipped: ExportResult['skipped'] = []
  const pkg = kind === 'react-ts' || kind === 'react-js' || kind === 'react-native-ts' ? kind : null
  const nextName = uniqueNamer(pkg ? componentName : cssClassName)

  for (const [i, icon] of icons.entries()) {
    const { name, key } = nextName(icon.name)
    try {
      if (kind === 'svg-zip') files[`${key}.svg`] = encoder.encode(convertSvg(icon.svg, 'svg', name))
      else if (kind === 'sprite') texts.push(spriteSymbol(icon.svg, key))
      else if (kind === 'css') texts.push(convertSvg(icon.svg, 'css', name))
      else if (pkg) {
        files[`${key}.${componentExtension(pkg)}`] = encoder.encode(convertSvg(icon.svg, pkg, name))
        components.push(key)
      }
    } catch (error) {
      skipped.push({ name: icon.name, error: errorText(error) })
    }
    if ((i + 1) % 50 === 0 || i + 1 === icons.length) onProgress(i + 1, icons.length)
    if (yieldEvery && (i + 1) % yieldEvery === 0) await pause()
  }

  let bytes: Uint8Array
  if (kind === 'sprite') bytes = encoder.encode(wrapSprite(texts))
  else if (kind === 'css')
    bytes = encoder.encode(
      `/* ${request.projectName}: ${texts.length} icons, from Iconvault */\n\n${texts.join('\n')}`,
    )
  else {
    if (pkg) {
      const index = indexFile(pkg, components)
      files[index.path] = encoder.encode(index.text)
      files['package.json'] = encoder.encode(packageJson(pkg, base, components.length))
      files['README.md'] = encoder.encode(readme(pkg, request.projectName, base, components[0]))
    }
    bytes = zipSync(files, { level: 6 })
  }
  return {
    fileName: exportFileName(kind, base),
    mime: exportMime(kind),
    bytes: new Uint8Array(bytes),
    skipped,
  }
}
