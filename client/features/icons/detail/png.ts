// PNG of an icon at a chosen size (16–1024 px square, the drawing centred in it), drawn by the
// browser from the SVG as an image on a canvas. currentColor becomes black.
import { themed } from '../../../lib/icon-image.ts'

export const PNG_MIN = 16
export const PNG_MAX = 1024

function aspect(svg: string): number {
  const head = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const box = /\sviewBox\s*=\s*["']([^"']+)["']/
    .exec(head)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number)
  const [, , w, h] = box ?? []
  return w && h && w > 0 && h > 0 ? w / h : 1
}

export async function svgToPng(svg: string, size: number): Promise<Blob> {
  const side = Math.round(Math.min(PNG_MAX, Math.max(PNG_MIN, size)))
  const ratio = aspect(svg)
  const [w, h] = ratio >= 1 ? [side, side / ratio] : [side * ratio, side]
  const sized = themed(svg, '#000000').replace(/^<svg\b/, `<svg width="${w}" height="${h}"`)
  const image = new Image(w, h)
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot draw PNG images')
  context.drawImage(image, (side - w) / 2, (side - h) / 2, w, h)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))),
      'image/png',
    ),
  )
}
