// Single-colour icons follow the text colour in every copy format: their one paint colour
// becomes currentColor (when the icon declares that colour, the formats keep it as the default
// `color`: convert-defaults.ts). Multicolour icons keep their colours. Colours inside <mask> (which
// paint luminance, not colour) and <clipPath> (geometry only) are neither counted nor changed.

import { parseDeclarations, serializeDeclarations } from './css.ts'
import { type SvgElement, walk } from './tree.ts'

/** Properties that paint a colour, with the colour they have when not set (null: none). */
const PAINT: Record<string, string | null> = {
  fill: '#000000',
  stroke: null,
  'stop-color': '#000000',
  'flood-color': '#000000',
  'lighting-color': '#ffffff',
}
const PAINT_PROPERTIES = Object.keys(PAINT)

/** Elements whose fill, when nothing sets it, paints black (a line has no inside to fill). */
const FILLED = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'text'])
/** Elements whose own (not inherited) property has an initial colour that paints. */
const OWN_DEFAULT: Record<string, string> = {
  stop: 'stop-color',
  feFlood: 'flood-color',
  feDropShadow: 'flood-color',
  feDiffuseLighting: 'lighting-color',
  feSpecularLighting: 'lighting-color',
}

const NAMED_LIST = (
  'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 ' +
  'black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 cadetblue 5f9ea0 ' +
  'chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff ' +
  'darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 ' +
  'darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 ' +
  'darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f ' +
  'darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 ' +
  'dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ' +
  'ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 ' +
  'honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa ' +
  'lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff ' +
  'lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 ' +
  'lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 ' +
  'lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 ' +
  'mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371 ' +
  'mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585 ' +
  'midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 ' +
  'oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa ' +
  'palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f ' +
  'pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f ' +
  'royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee ' +
  'sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa ' +
  'springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 ' +
  'violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32'
).split(' ')
/** CSS named colours → '#rrggbb'. */
const NAMED = new Map<string, string>()
for (let i = 0; i + 1 < NAMED_LIST.length; i += 2) NAMED.set(NAMED_LIST[i]!, `#${NAMED_LIST[i + 1]}`)

const hex2 = (n: number): string =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0')

/**
 * A colour value in a comparable form: '#rrggbb' for opaque colours, 'currentcolor', or the
 * lower-cased value without spaces for anything else (then only equal text is the same
 * colour). null for values that paint nothing ('none', 'transparent') or are not colours.
 */
function colorKey(value: string): string | null {
  const v = value.trim().toLowerCase()
  if (v === '' || v === 'none' || v === 'transparent' || v === 'inherit' || v === 'initial' || v === 'unset')
    return null
  if (v === 'currentcolor') return 'currentcolor'
  const named = NAMED.get(v)
  if (named) return named
  let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)
  if (m) {
    let h = m[1]!
    if (h.length <= 4) h = [...h].map((c) => c + c).join('')
    return h.length === 8 && h.endsWith('ff') ? `#${h.slice(0, 6)}` : `#${h}`
  }
  m = /^rgba?\(\s*([\d.]+)(%?)\s*[, ]\s*([\d.]+)%?\s*[, ]\s*([\d.]+)%?\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/.exec(
    v,
  )
  if (m) {
    const scale = m[2] ? 2.55 : 1
    const alpha = m[5] === undefined ? 1 : Number(m[5]) / (m[6] ? 100 : 1)
    const rgb = `#${hex2(Number(m[1]) * scale)}${hex2(Number(m[3]) * scale)}${hex2(Number(m[4]) * scale)}`
    return alpha >= 1 ? rgb : `${rgb}${hex2(alpha * 255)}`
  }
  return v.replace(/\s+/g, '')
}

const isOpaqueHex = (key: string): boolean => /^#[0-9a-f]{6}$/.test(key)

/** Declared value of a property on an element: inline style first (it wins), then the attribute. */
function declared(el: SvgElement, property: string): string[] {
  const values: string[] = []
  const style = el.attrs.get('style')
  if (style?.includes(property)) {
    for (const d of parseDeclarations(style)) if (d.property === property) values.push(d.value)
  }
  const attr = el.attrs.get(property)
  if (attr !== undefined) values.push(attr)
  return values
}

interface Analysis {
  /** Distinct paint colours (colorKey) of the icon, defaults included. */
  colors: Set<string>
  /** The colours among them that the icon declares (not only paints by default). */
  declared: Set<string>
  /** True when colours cannot be swapped safely: `color` set, translucent colours, url() fallbacks. */
  complex: boolean
  /** Elements that paint a property's default colour without declaring it. */
  defaults: [SvgElement, string][]
}

function analyse(root: SvgElement): Analysis {
  const colors = new Set<string>()
  const declaredColors = new Set<string>()
  const defaults: [SvgElement, string][] = []
  let complex = false
  const skipped = new Set<SvgElement>()
  const fillSet = new Set<SvgElement>()
  walk(root, (el, ancestors) => {
    const parent = ancestors[ancestors.length - 1]
    if ((parent && skipped.has(parent)) || el.name === 'mask' || el.name === 'clipPath') {
      skipped.add(el)
      return
    }
    if (declared(el, 'color').length) complex = true
    for (const property of PAINT_PROPERTIES) {
      for (const value of declared(el, property)) {
        if (/url\(/i.test(value)) {
          if (!/^\s*url\([^)]*\)\s*$/i.test(value)) complex = true // url(#a) red: a fallback colour
          continue
        }
        const key = colorKey(value)
        if (key === null) continue
        if (key !== 'currentcolor' && !isOpaqueHex(key)) complex = true
        colors.add(key)
        declaredColors.add(key)
      }
    }
    const fill = declared(el, 'fill').length > 0
    if (fill || (parent && fillSet.has(parent))) fillSet.add(el)
    else if (FILLED.has(el.name)) {
      defaults.push([el, 'fill'])
      colors.add(PAINT.fill!)
    }
    const own = OWN_DEFAULT[el.name]
    if (own && declared(el, own).length === 0) {
      defaults.push([el, own])
      colors.add(PAINT[own]!)
    }
  })
  return { colors, declared: declaredColors, complex, defaults }
}

/**
 * The colour that stands for currentColor in the copy formats: the icon's only paint colour
 * (as '#rrggbb'), or null when the icon is multicolour, already in currentColor, paints
 * nothing, or sets colours in ways that cannot be swapped safely.
 */
export function singleColor(root: SvgElement): string | null {
  const { colors, complex } = analyse(root)
  if (complex || colors.size !== 1) return null
  const [only] = colors
  return only && only !== 'currentcolor' ? only : null
}

function replaceIn(el: SvgElement, color: string): void {
  for (const property of PAINT_PROPERTIES) {
    const attr = el.attrs.get(property)
    if (attr !== undefined && colorKey(attr) === color) el.attrs.set(property, 'currentColor')
  }
  const style = el.attrs.get('style')
  if (style && PAINT_PROPERTIES.some((p) => style.includes(p))) {
    const declarations = parseDeclarations(style).map((d) =>
      d.property in PAINT && colorKey(d.value) === color ? { ...d, value: 'currentColor' } : d,
    )
    el.attrs.set('style', serializeDeclarations(declarations))
  }
}

export interface CurrentColorResult {
  /** The colour that became currentColor, or null when the tree was left as it was. */
  replaced: string | null
  /** The replaced colour is declared by the icon (fill="#7c533e"), not only the black of an unset fill. */
  declared: boolean
  /** The icon now paints only in currentColor (as paintsInCurrentColorOnly would say). */
  monochrome: boolean
}

/**
 * Makes a single-colour icon paint in currentColor, in place: its one colour becomes currentColor
 * wherever it is declared, and elements that painted it by default (a fill nobody set, a <stop>
 * without stop-color) get it explicitly. Masks keep their black. Tells what it replaced.
 */
export function applyCurrentColor(root: SvgElement): CurrentColorResult {
  const { colors, declared: declaredColors, complex, defaults } = analyse(root)
  const monochrome = !complex && [...colors].every((c) => c === 'currentcolor')
  if (complex || colors.size !== 1) return { replaced: null, declared: false, monochrome }
  const [color] = colors
  if (!color || color === 'currentcolor') return { replaced: null, declared: false, monochrome }
  const skipped = new Set<SvgElement>()
  walk(root, (el, ancestors) => {
    const parent = ancestors[ancestors.length - 1]
    if ((parent && skipped.has(parent)) || el.name === 'mask' || el.name === 'clipPath') {
      skipped.add(el)
      return
    }
    replaceIn(el, color)
  })
  for (const [el, property] of defaults) {
    // An unset fill is inherited: set it once on the root, not on every shape.
    if (property === 'fill') continue
    el.attrs.set(property, 'currentColor')
  }
  if (defaults.some(([, p]) => p === 'fill')) {
    root.attrs.set('fill', 'currentColor')
    // Masks under the root would now inherit currentColor where they painted black.
    walk(root, (el) => {
      if (el.name === 'mask' && declared(el, 'fill').length === 0) el.attrs.set('fill', '#000')
    })
  }
  return { replaced: color, declared: declaredColors.has(color), monochrome: true }
}

/**
 * True when the icon paints only in currentColor (or paints no colour at all): its shape
 * alone carries it, so the CSS format can use it as a mask over the text colour.
 */
export function paintsInCurrentColorOnly(root: SvgElement): boolean {
  const { colors, complex } = analyse(root)
  return !complex && [...colors].every((c) => c === 'currentcolor')
}

/**
 * True when the icon paints in more than one colour (currentColor counting as one): Iconify's
 * `palette` (the icon keeps colours of its own). Masks and clip paths do not count.
 */
export function paintsSeveralColors(root: SvgElement): boolean {
  return analyse(root).colors.size > 1
}
