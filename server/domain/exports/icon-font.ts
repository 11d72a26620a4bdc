// The icon font export (ADR 0105): a ZIP of a WOFF2 font, its CSS (one class per
// icon, `.brand-house::before { content: "\f0123" }`), a demo page listing every icon with its class
// and code point, and codepoints.json. Built on the server only (GET /api/projects/export?format=font),
// in a heavy-work worker (server/heavy-work, ADR 0310) so that the build never holds the event loop.
// Each icon's code point derives from its id (common/exports/code-points.ts) and is kept by the
// project once given (code-points.ts), so it stays the same across exports as IcoMoon's do.
// Each icon becomes a glyph (font-glyphs.ts) or is left out and reported in `skipped`; the glyphs
// become a TrueType font (font-ttf.ts), then its WOFF2 (font-woff2.ts).

import { type Zippable, zipSync } from 'fflate'
import { aliasesOf } from '../../../common/exports/aliases.ts'
import { defaultClassPrefix } from '../../../common/exports/class-prefix.ts'
import { assignCodePoints } from '../../../common/exports/code-points.ts'
import {
  type ExportAlias,
  type ExportResult,
  exportFileName,
  exportMime,
  sortedForExport,
  ZIP_MTIME,
} from '../../../common/exports/export-kinds.ts'
import { uniqueNamer } from '../../../common/exports/unique-names.ts'
import { exportMessages } from '../../../common/messages.ts'
import { projectSlug } from '../../../common/slug.ts'
import { cssClassName } from '../../../common/svg/index.ts'
import { fontCss, hex } from './font-css.ts'
import { demoPage } from './font-demo-page.ts'
import { glyphOf } from './font-glyphs.ts'
import { type TtfGlyph, ttfOf } from './font-ttf.ts'
import { woff2Of } from './font-woff2.ts'

interface FontIcon {
  id: string
  name: string
  svg: string
  aliases?: readonly ExportAlias[]
  /** Decides which icon keeps a code point two ids share (the older), when none is given. */
  created_at?: string | Date | null
  /** The point the project keeps for it (code-points.ts); given, it is used as it is. */
  code_point?: number
}

export interface FontRequest {
  projectName: string
  icons: readonly FontIcon[]
  /** The class prefix; the project's default if not given. */
  classPrefix?: string
  /** A release's version: in the ZIP's file name (exportFileName). */
  version?: string
}

/** Builds the font ZIP: deterministic (fixed dates, the font's timestamp 0), like every export. */
export async function buildIconFont(request: FontRequest): Promise<ExportResult> {
  const prefix = request.classPrefix ?? defaultClassPrefix(request.projectName)
  const base = projectSlug(request.projectName)
  const icons = sortedForExport(request.icons.map((icon) => ({ ...icon, aliases: icon.aliases ?? [] })))
  const points = assignCodePoints(
    icons,
    new Map(icons.flatMap((icon) => (icon.code_point === undefined ? [] : [[icon.id, icon.code_point]]))),
  )
  const nextName = uniqueNamer(cssClassName)
  const named = icons.map((icon) => ({ icon, ...nextName(icon.name) }))
  const aliases = aliasesOf(named, cssClassName)
  const skipped: ExportResult['skipped'] = [...aliases.skipped]
  const glyphs: TtfGlyph[] = []
  const rules: { classes: string[]; point: number }[] = []
  const rows: { name: string; className: string; point: number }[] = []
  const map: Record<string, string> = {}
  for (const [i, { icon, key }] of named.entries()) {
    let glyph: { d: string; advance: number }
    try {
      glyph = glyphOf(icon.svg)
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      skipped.push({ name: icon.name, error: exportMessages.fontSkipped(icon.name, why) })
      continue
    }
    const point = points.get(icon.id)!
    const className = `${prefix}${key}`
    glyphs.push({ name: key, point, ...glyph })
    rules.push({
      classes: [className, ...(aliases.byIcon.get(i) ?? []).map((a) => `${prefix}${a.key}`)],
      point,
    })
    rows.push({ name: icon.name, className, point })
    map[key] = hex(point)
  }
  const family = base
  const woff2 = woff2Of(ttfOf(family, `${request.projectName}, from Iconvault`, glyphs))
  const cssFile = `${base}.css`
  const encoder = new TextEncoder()
  const files: Zippable = {
    // Stored: Brotli has compressed it already.
    [`fonts/${base}.woff2`]: [woff2, { level: 0 }],
    [cssFile]: encoder.encode(fontCss(family, `${base}.woff2`, prefix, rules)),
    'demo.html': encoder.encode(demoPage(request.projectName, cssFile, rows, skipped)),
    'codepoints.json': encoder.encode(`${JSON.stringify(map, null, 2)}\n`),
  }
  return {
    fileName: exportFileName('font', base, request.version),
    mime: exportMime('font'),
    bytes: new Uint8Array(zipSync(files, { level: 6, mtime: ZIP_MTIME() })),
    skipped,
  }
}
