// What the duplicate check needs of a stored drawing (ADR 0109), computed in the SVG
// pool's workers: its drawing hash (common/svg drawingHash) and its fingerprint, the 32×32 coverage
// rasterised by resvg (common/duplicates.ts says how fingerprints compare). resvg draws the stored
// markup only (the pipeline's output: nothing external to load) with no fonts, and only its shapes
// (shapesOf: no filters, dashes or markers, which resvg may take minutes over).
import { Resvg } from '@resvg/resvg-js'
import { drawingHash } from '../../common/drawing-hash.ts'
import { FINGERPRINT_SIZE, SOLID_ALPHA, TOUCHED_ALPHA } from '../../common/duplicates.ts'
import {
  parseDeclarations,
  parseViewBox,
  readSvg,
  type SvgElement,
  serialize,
  serializeDeclarations,
} from '../../common/svg/index.ts'

export type DrawingMeasure = { drawing_hash: string; fingerprint: string }

/**
 * The drawing's 32×32 coverage as hex: the solid plane's rows, then the touched plane's
 * (common/duplicates.ts); the drawing centred, fit to the square.
 */
export function fingerprintOf(svg: string): string {
  const box = viewBoxOf(svg)
  const wide = box.width >= box.height
  const image = new Resvg(shapesOf(svg), {
    fitTo: { mode: wide ? 'width' : 'height', value: FINGERPRINT_SIZE },
    font: { loadSystemFonts: false },
  }).render()
  const { width, height, pixels } = image
  const dx = (FINGERPRINT_SIZE - width) >> 1
  const dy = (FINGERPRINT_SIZE - height) >> 1
  const words = new Uint32Array(FINGERPRINT_SIZE * 2)
  for (let y = 0; y < Math.min(height, FINGERPRINT_SIZE); y++)
    for (let x = 0; x < Math.min(width, FINGERPRINT_SIZE); x++) {
      const alpha = pixels[(y * width + x) * 4 + 3] ?? 0
      const row = y + dy
      const bit = 1 << (x + dx)
      if (alpha >= SOLID_ALPHA) words[row]! |= bit
      if (alpha >= TOUCHED_ALPHA) words[FINGERPRINT_SIZE + row]! |= bit
    }
  return Array.from(words, (w) => (w >>> 0).toString(16).padStart(8, '0')).join('')
}

/** What resvg may take seconds over in one native call, and what a fingerprint does without. */
const COSTLY_ATTRIBUTES = ['filter', 'stroke-dasharray', 'marker', 'marker-start', 'marker-mid', 'marker-end']
const COSTLY_ELEMENTS = new Set(['filter', 'marker'])
const COSTLY = /filter|dasharray|marker/i

/**
 * The drawing's shapes, for resvg to draw: without filter effects, dashes and markers. They change
 * how shapes look, not which they are; and resvg draws some for seconds or minutes in one native
 * call (a feTurbulence of a hundred octaves over a large filter region: ~70 s of CPU for 250 bytes;
 * 200 lines dashed at 0.0001: ~2 s; a marker of 50 paths on 1,900 vertices: ~1 s), which neither
 * the pool's CPU deadline (it reads the worker's time at the worker's next turn) nor terminate()
 * can stop.
 */
export function shapesOf(svg: string): string {
  if (!COSTLY.test(svg)) return svg
  const root = readSvg(svg)
  const strip = (el: SvgElement) => {
    for (const name of COSTLY_ATTRIBUTES) el.attrs.delete(name)
    const style = el.attrs.get('style')
    if (style && COSTLY.test(style)) {
      const kept = parseDeclarations(style).filter((d) => !COSTLY_ATTRIBUTES.includes(d.property))
      if (kept.length) el.attrs.set('style', serializeDeclarations(kept))
      else el.attrs.delete('style')
    }
    el.children = el.children.filter((child) => typeof child === 'string' || !COSTLY_ELEMENTS.has(child.name))
    for (const child of el.children) if (typeof child !== 'string') strip(child)
  }
  strip(root)
  return serialize(root)
}

function viewBoxOf(svg: string): { width: number; height: number } {
  const match = /<svg\b[^>]*\bviewBox="([^"]*)"/.exec(svg)
  const box = parseViewBox(match?.[1])
  return box ? { width: box[2], height: box[3] } : { width: 1, height: 1 }
}

/** The drawing's hash and fingerprint. */
export async function measureDrawing(svg: string): Promise<DrawingMeasure> {
  return { drawing_hash: await drawingHash(svg), fingerprint: fingerprintOf(svg) }
}
