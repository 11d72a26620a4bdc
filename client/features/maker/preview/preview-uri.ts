// Previews are <img> elements of sanitized SVG as data URIs: an image never runs script, and the
// sanitizer has removed anything that could load. currentColor follows the preview's text colour.
import { parseViewBox, readSvg, serialize } from '@common/svg/index.ts'

export type PreviewBackground = 'light' | 'dark' | 'checkered'

export const PREVIEW_SIZES = [16, 24, 32, 48, 96] as const

export const INK: Record<PreviewBackground, string> = {
  light: '#18181b',
  dark: '#f4f4f5',
  checkered: '#18181b',
}

/** A data URI of the sanitized SVG with `color` set for currentColor; null when it is refused. */
export function previewUri(svg: string, color: string): string | null {
  try {
    const root = readSvg(svg)
    root.attrs.set('color', color)
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(serialize(root))}`
  } catch {
    return null
  }
}

/** Grid units across the drawing (its viewBox), for the pixel grid of the large preview. */
export function gridUnits(svg: string): number {
  const box = parseViewBox(/\sviewBox="([^"]*)"/.exec(svg)?.[1])
  const size = box ? Math.max(box[2], box[3]) : 24
  return size >= 4 && size <= 128 ? size : 24
}
