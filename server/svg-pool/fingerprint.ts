// What the duplicate check needs of a stored drawing (ADR 0109), computed in the SVG
// pool's workers: its drawing hash (common/svg drawingHash) and its fingerprint, the 32×32 coverage
// rasterised by resvg (common/duplicates.ts says how fingerprints compare). resvg draws the stored
// markup only (the pipeline's output: nothing external to load) with no fonts.
import { Resvg } from '@resvg/resvg-js'
import { drawingHash } from '../../common/drawing-hash.ts'
import { FINGERPRINT_SIZE, SOLID_ALPHA, TOUCHED_ALPHA } from '../../common/duplicates.ts'
import { parseViewBox } from '../../common/svg/index.ts'

export type DrawingMeasure = { drawing_hash: string; fingerprint: string }

/**
 * The drawing's 32×32 coverage as hex: the solid plane's rows, then the touched plane's
 * (common/duplicates.ts); the drawing centred, fit to the square.
 */
export function fingerprintOf(svg: string): string {
  const box = viewBoxOf(svg)
  const wide = box.width >= box.height
  const image = new Resvg(svg, {
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

function viewBoxOf(svg: string): { width: number; height: number } {
  const match = /<svg\b[^>]*\bviewBox="([^"]*)"/.exec(svg)
  const box = parseViewBox(match?.[1])
  return box ? { width: box[2], height: box[3] } : { width: 1, height: 1 }
}

/** The drawing's hash and fingerprint. */
export async function measureDrawing(svg: string): Promise<DrawingMeasure> {
  return { drawing_hash: await drawingHash(svg), fingerprint: fingerprintOf(svg) }
}
