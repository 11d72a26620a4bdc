// Traces a raster image into SVG with imagetracerjs (loaded on first use). Monochrome turns the
// image into ink (dark, opaque pixels; or light ones when inverted) traced in currentColor;
// colour keeps a small palette. Transparent layers and the tracer's hairline strokes are dropped.
import type { TracerImageData, TracerOptions } from 'imagetracerjs'
import { readTree, type SvgElement, writeTree } from '../ops/tree.ts'

export type TraceMode = 'mono' | 'color'
export type TraceDetail = 'low' | 'medium' | 'high'
export interface TraceOptions {
  mode: TraceMode
  detail: TraceDetail
  invert?: boolean
}

const DETAIL: Record<TraceDetail, TracerOptions> = {
  low: { ltres: 2, qtres: 2, pathomit: 16 },
  medium: { ltres: 1, qtres: 1, pathomit: 8 },
  high: { ltres: 0.5, qtres: 0.5, pathomit: 2 },
}

const INK = { r: 0, g: 0, b: 0, a: 255 }
const PAPER = { r: 255, g: 255, b: 255, a: 0 }

/** Ink where a pixel is opaque enough and darker (or, inverted, lighter) than mid-grey. */
function toMonochrome(image: TracerImageData, invert = false): TracerImageData {
  const data = new Uint8ClampedArray(image.data.length)
  for (let i = 0; i < data.length; i += 4) {
    const [r = 0, g = 0, b = 0, a = 0] = image.data.subarray(i, i + 4)
    const dark = 0.299 * r + 0.587 * g + 0.114 * b < 128
    const ink = a >= 128 && dark !== invert
    data.set(ink ? [0, 0, 0, 255] : [255, 255, 255, 0], i)
  }
  return { width: image.width, height: image.height, data }
}

function clean(root: SvgElement, mode: TraceMode): void {
  root.children = root.children.filter(
    (c) => typeof c === 'string' || Number.parseFloat(c.attrs.get('opacity') ?? '1') >= 0.5,
  )
  for (const child of root.children) {
    if (typeof child === 'string') continue
    for (const attr of ['stroke', 'stroke-width', 'opacity']) child.attrs.delete(attr)
    if (mode === 'mono') child.attrs.set('fill', 'currentColor')
  }
  for (const attr of ['version', 'desc']) root.attrs.delete(attr)
}

export async function traceImage(image: TracerImageData, options: TraceOptions): Promise<string> {
  const { default: tracer } = await import('imagetracerjs')
  const mono = options.mode === 'mono'
  const input = mono ? toMonochrome(image, options.invert) : image
  const raw = tracer.imagedataToSVG(input, {
    ...DETAIL[options.detail],
    ...(mono ? { pal: [INK, PAPER], colorquantcycles: 1 } : { numberofcolors: 8, colorsampling: 2 }),
    strokewidth: 0,
    viewbox: true,
    roundcoords: 1,
    desc: false,
  })
  const root = readTree(raw)
  clean(root, options.mode)
  return writeTree(root)
}
