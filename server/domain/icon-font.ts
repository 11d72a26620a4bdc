// The icon font export (issue 23 item 6, ADR 0105): a ZIP of a WOFF2 font, its CSS (one class per
// icon, `.brand-house::before { content: "\f0123" }`), a demo page listing every icon with its class
// and code point, and codepoints.json. Built on the server only (GET /api/projects/export?format=font):
// svg2ttf and wawoff2 are Node libraries, run in a worker thread (icon-font-worker.ts) so that the
// second or so a big font takes never holds the event loop. Each icon's code point derives from its id
// (common/exports/code-points.ts) and is kept by the project once given (code-points.ts), so it
// stays the same across exports as IcoMoon's do.
//
// A glyph is one colour and filled: the icon's shapes (path, rect, circle, ellipse, line, polygon,
// polyline, and <use> of them) become its outline, their transforms applied (svgpath); a stroke
// becomes the outline of what it covers (font-strokes.ts). An icon with text, images or dashed
// strokes cannot become a glyph without changing how it looks: it is left out and reported in
// `skipped`. An even-odd shape has its inner contours turned round, so the font's
// non-zero fill leaves the same holes.

import { zipSync } from 'fflate'
import svg2ttf from 'svg2ttf'
import svgpath from 'svgpath'
import wawoff2 from 'wawoff2'
import { aliasesOf } from '../../common/exports/aliases.ts'
import { defaultClassPrefix } from '../../common/exports/class-prefix.ts'
import { assignCodePoints } from '../../common/exports/code-points.ts'
import {
  type ExportAlias,
  type ExportResult,
  exportFileName,
  exportMime,
  sortedForExport,
  ZIP_MTIME,
} from '../../common/exports/export-kinds.ts'
import { uniqueNamer } from '../../common/exports/unique-names.ts'
import { exportMessages } from '../../common/messages.ts'
import { projectSlug } from '../../common/slug.ts'
import {
  cssClassName,
  inlineStyles,
  parseDeclarations,
  parseViewBox,
  readSvg,
  type SvgElement,
  shapePath,
} from '../../common/svg/index.ts'
import { fillContours } from './font-contours.ts'
import { type StrokeStyle, strokeContours } from './font-strokes.ts'

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

/** Font units per em; glyphs are 1em high, from the descent to the ascent. */
const EM = 1000
const ASCENT = 850
const DESCENT = -150

/** Left out of the drawing: definitions, and what is not drawn where it stands. */
const NOT_DRAWN = new Set([
  'defs',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'symbol',
  'linearGradient',
  'radialGradient',
  'filter',
  'title',
  'desc',
  'metadata',
  'style',
])
const CANNOT_BE_GLYPH: Record<string, string> = {
  text: 'it has text',
  image: 'it has an image',
  foreignObject: 'it has foreign content',
}
const INHERITED = [
  'fill',
  'stroke',
  'fill-rule',
  'stroke-width',
  'visibility',
  'fill-opacity',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
]

class NotAGlyph extends Error {}

/** The largest coordinate a glyph may use (TrueType's are 16-bit; 16 ems either way is plenty). */
const MAX_UNITS = 16 * EM
const NUMBERS = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi

const num = (value: string | undefined, fallback = 0) => {
  const n = Number.parseFloat(value ?? '')
  return Number.isFinite(n) ? n : fallback
}

/** The element's own presentation: attributes, then style="" over them. */
function ownStyle(el: SvgElement): Map<string, string> {
  const style = new Map<string, string>()
  for (const key of [...INHERITED, 'display', 'opacity']) {
    const value = el.attrs.get(key)
    if (value !== undefined) style.set(key, value.trim())
  }
  for (const d of parseDeclarations(el.attrs.get('style') ?? '')) style.set(d.property, d.value.trim())
  return style
}

const isZero = (value: string | undefined) => value !== undefined && num(value, 1) === 0

/** How much a transform scales lengths (the square root of its determinant's size). */
function scaleOf(transform: string): number {
  const points: number[] = []
  svgpath('M0 0L1 0L0 1')
    .transform(transform)
    .iterate((segment) => {
      points.push(segment[1] as number, segment[2] as number)
    })
  const [x0, y0, x1, y1, x2, y2] = points as [number, number, number, number, number, number]
  return Math.sqrt(Math.abs((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)))
}

/**
 * The glyph's outline in font units (y up), from the icon's filled shapes; throws NotAGlyph with
 * the reason when the icon cannot be one.
 */
function glyphOf(svg: string): { d: string; advance: number } {
  const root = inlineStyles(readSvg(svg))
  const box = parseViewBox(root.attrs.get('viewBox')) ?? [
    0,
    0,
    num(root.attrs.get('width'), 24),
    num(root.attrs.get('height'), 24),
  ]
  const [minX, minY, width, height] = box
  if (!(width > 0 && height > 0)) throw new NotAGlyph('it has no size')
  const scale = EM / height
  const byId = new Map<string, SvgElement>()
  const index = (el: SvgElement) => {
    const id = el.attrs.get('id')
    if (id && !byId.has(id)) byId.set(id, el)
    for (const child of el.children) if (typeof child !== 'string') index(child)
  }
  index(root)
  const contours: string[] = []

  const draw = (el: SvgElement, inherited: Map<string, string>, transform: string, depth: number) => {
    if (depth > 32) throw new NotAGlyph('it nests too deeply')
    if (NOT_DRAWN.has(el.name)) return
    const reason = CANNOT_BE_GLYPH[el.name]
    if (reason) throw new NotAGlyph(reason)
    const own = ownStyle(el)
    if (own.get('display') === 'none' || isZero(own.get('opacity'))) return
    const style = new Map(inherited)
    for (const key of INHERITED) if (own.has(key)) style.set(key, own.get(key)!)
    const own_transform = el.attrs.get('transform')
    const here = own_transform ? `${transform} ${own_transform}` : transform
    if (el.name === 'use') {
      const ref = (el.attrs.get('href') ?? el.attrs.get('xlink:href') ?? '').replace(/^#/, '')
      const target = byId.get(ref)
      if (!target) return
      const shift = `translate(${num(el.attrs.get('x'))} ${num(el.attrs.get('y'))})`
      const drawn = target.name === 'symbol' ? { ...target, name: 'g' } : target
      return draw(drawn, style, `${here} ${shift}`, depth + 1)
    }
    const d = shapePath(el)
    if (d !== null && style.get('visibility') !== 'hidden' && style.get('visibility') !== 'collapse') {
      // Arcs to curves first (a mirrored arc keeps its sweep flag in svgpath's scale), in the
      // viewBox's coordinates; then to font units, y up.
      const toBox = `translate(${-minX} ${-minY}) ${here}`
      const inBox = svgpath(d).abs().unarc().unshort().transform(toBox).toString()
      const toFont = (path: string) =>
        svgpath(path).scale(scale, -scale).translate(0, ASCENT).round(2).toString()
      const fill = style.get('fill')
      if (fill !== 'none' && !isZero(style.get('fill-opacity')) && el.name !== 'line')
        contours.push(...fillContours(toFont(inBox), style.get('fill-rule') === 'evenodd'))
      const stroke = style.get('stroke')
      if (
        stroke &&
        stroke !== 'none' &&
        !isZero(style.get('stroke-width')) &&
        !isZero(style.get('stroke-opacity'))
      ) {
        const dashes = style.get('stroke-dasharray')
        if (dashes && dashes !== 'none' && !/^[\s,0.]*$/.test(dashes))
          throw new NotAGlyph('it has dashed strokes')
        const width = num(style.get('stroke-width'), 1)
        if (/%/.test(style.get('stroke-width') ?? '')) throw new NotAGlyph('its stroke width is a percentage')
        const stroked: StrokeStyle = {
          width: width * scaleOf(toBox),
          cap: (['round', 'square'].includes(style.get('stroke-linecap') ?? '')
            ? style.get('stroke-linecap')
            : 'butt') as StrokeStyle['cap'],
          join: (['round', 'bevel'].includes(style.get('stroke-linejoin') ?? '')
            ? style.get('stroke-linejoin')
            : 'miter') as StrokeStyle['join'],
          miterLimit: Math.max(1, num(style.get('stroke-miterlimit'), 4)),
        }
        contours.push(
          ...strokeContours(inBox, stroked, height / 2000, ([x, y]) => [x * scale, ASCENT - y * scale]),
        )
      }
    }
    for (const child of el.children) if (typeof child !== 'string') draw(child, style, here, depth + 1)
  }
  draw(root, new Map(), '', 0)
  if (!contours.length) throw new NotAGlyph('it has nothing drawn')
  const d = contours.join('')
  // A font's coordinates are 16-bit: a drawing reaching far beyond its viewBox cannot be a glyph
  // (and must not fail the whole font).
  const advance = Math.round((width / height) * EM)
  if (advance > MAX_UNITS || d.match(NUMBERS)?.some((n) => Math.abs(Number(n)) > MAX_UNITS))
    throw new NotAGlyph('it draws far outside its viewBox')
  return { d, advance }
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const hex = (point: number) => point.toString(16)

function fontCss(
  family: string,
  file: string,
  prefix: string,
  rules: { classes: string[]; point: number }[],
) {
  const all = rules.flatMap((r) => r.classes)
  const base = prefix
    ? `[class^="${prefix}"],\n[class*=" ${prefix}"]`
    : all.map((c) => `.${c}`).join(',\n') || '.icon-none'
  return [
    `/* ${family}: ${rules.length} icons, from Iconvault. Code points stay the same across exports. */`,
    '@font-face {',
    `  font-family: "${family}";`,
    `  src: url("fonts/${file}") format("woff2");`,
    '  font-weight: normal;',
    '  font-style: normal;',
    '  font-display: block;',
    '}',
    '',
    `${base} {`,
    `  font-family: "${family}" !important;`,
    '  speak: never;',
    '  font-style: normal;',
    '  font-weight: normal;',
    '  font-variant: normal;',
    '  text-transform: none;',
    '  line-height: 1;',
    '  -webkit-font-smoothing: antialiased;',
    '  -moz-osx-font-smoothing: grayscale;',
    '}',
    '',
    ...rules.map(
      ({ classes, point }) =>
        `${classes.map((c) => `.${c}::before`).join(',\n')} {\n  content: "\\${hex(point)}";\n}\n`,
    ),
  ].join('\n')
}

function demoPage(
  title: string,
  cssFile: string,
  rows: { name: string; className: string; point: number }[],
  skipped: ExportResult['skipped'],
) {
  const items = rows
    .map(
      (r) =>
        `      <li><i class="${r.className}" aria-hidden="true"></i><span class="name">${escapeXml(r.name)}</span>` +
        `<code>.${r.className}</code><code>U+${hex(r.point).toUpperCase()}</code></li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeXml(title)}: icon font</title>
    <link rel="stylesheet" href="${cssFile}">
    <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #1f2328; background: #fff; }
      ul { list-style: none; padding: 0; display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
      li { display: grid; grid-template-columns: 3rem 1fr; column-gap: .75rem; align-items: center; border: 1px solid #d0d7de; border-radius: .5rem; padding: .75rem; }
      li i { grid-row: span 3; font-size: 2rem; justify-self: center; }
      code { font-size: 12px; color: #57606a; }
      .skipped li { display: list-item; border: 0; padding: 0; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escapeXml(title)}</h1>
      <p>${rows.length} icons. Use a class, e.g. <code>&lt;i class="${rows[0]?.className ?? ''}"&gt;&lt;/i&gt;</code>, with <code>${cssFile}</code>; the code point of each icon stays the same across exports.</p>
      <ul>
${items}
      </ul>${
        skipped.length
          ? `\n      <h2>Not in the font</h2>\n      <ul class="skipped">\n${skipped
              .map((x) => `        <li>${escapeXml(x.error)}</li>`)
              .join('\n')}\n      </ul>`
          : ''
      }
    </main>
  </body>
</html>
`
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
  const glyphs: string[] = []
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
    glyphs.push(
      `<glyph glyph-name="${escapeXml(key)}" unicode="&#x${hex(point)};" horiz-adv-x="${glyph.advance}" d="${glyph.d}"/>`,
    )
    rules.push({
      classes: [className, ...(aliases.byIcon.get(i) ?? []).map((a) => `${prefix}${a.key}`)],
      point,
    })
    rows.push({ name: icon.name, className, point })
    map[key] = hex(point)
  }
  const family = base
  const svgFont =
    '<?xml version="1.0" standalone="no"?>\n<svg xmlns="http://www.w3.org/2000/svg"><defs>' +
    `<font id="${family}" horiz-adv-x="${EM}"><font-face font-family="${family}" units-per-em="${EM}" ` +
    `ascent="${ASCENT}" descent="${DESCENT}"/><missing-glyph horiz-adv-x="0"/>${glyphs.join('')}</font></defs></svg>`
  const ttf = svg2ttf(svgFont, {
    ts: 0,
    version: '1.0',
    description: `${request.projectName}, from Iconvault`,
  })
  const woff2 = await wawoff2.compress(ttf.buffer)
  const cssFile = `${base}.css`
  const encoder = new TextEncoder()
  const files: Record<string, Uint8Array> = {
    [`fonts/${base}.woff2`]: new Uint8Array(woff2),
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
