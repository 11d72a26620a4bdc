// The pixel-difference view of the review diff (ADR 0413): both drawings rasterised at the same size
// onto a canvas (as <img> of their data URIs: an image never runs script), then compared pixel by
// pixel. Coverage is what counts (each drawing is painted in one ink): a pixel drawn only in the
// approved drawing is removed (red), only now added (blue), drawn in both but unlike changed
// (violet); pixels alike stay as a faint trace of the drawing, for orientation.
import { iconDataUri } from './icon-image.ts'

/** RGBA of the diff's marks; readable on the light and the dark theme. */
export const DIFF_COLORS = {
  removed: [225, 29, 72],
  added: [37, 99, 235],
  changed: [147, 51, 234],
  same: [128, 128, 136],
} as const

export interface PixelDiff {
  /** RGBA, width × height. */
  image: Uint8ClampedArray<ArrayBuffer>
  /** Pixels that differ (removed, added or changed). */
  changed: number
  /** Pixels drawn in either drawing. */
  drawn: number
}

/** How far two coverages (alpha, 0–255) may be apart and still count as alike: anti-aliasing noise. */
const TOLERANCE = 48

/** Compares two RGBA rasters of the same size (the approved drawing `before`, now `after`). */
export function pixelDiff(
  before: Uint8ClampedArray,
  after: Uint8ClampedArray,
  width: number,
  height: number,
): PixelDiff {
  const size = width * height * 4
  if (before.length !== size || after.length !== size)
    throw new RangeError('Both rasters must be width × height RGBA')
  const image = new Uint8ClampedArray(size)
  let changed = 0
  let drawn = 0
  for (let i = 0; i < size; i += 4) {
    const a = before[i + 3] ?? 0
    const b = after[i + 3] ?? 0
    if (a <= TOLERANCE / 2 && b <= TOLERANCE / 2) continue
    drawn++
    const colorApart =
      Math.abs((before[i] ?? 0) - (after[i] ?? 0)) +
        Math.abs((before[i + 1] ?? 0) - (after[i + 1] ?? 0)) +
        Math.abs((before[i + 2] ?? 0) - (after[i + 2] ?? 0)) >
      3 * TOLERANCE
    let color: readonly number[]
    let alpha = 255
    if (Math.abs(a - b) <= TOLERANCE && !colorApart) {
      color = DIFF_COLORS.same
      alpha = 56
    } else {
      changed++
      color =
        b <= TOLERANCE / 2
          ? DIFF_COLORS.removed
          : a <= TOLERANCE / 2
            ? DIFF_COLORS.added
            : DIFF_COLORS.changed
    }
    image[i] = color[0] ?? 0
    image[i + 1] = color[1] ?? 0
    image[i + 2] = color[2] ?? 0
    image[i + 3] = alpha
  }
  return { image, changed, drawn }
}

/** The drawing painted in `ink` at `size` × `size` px, as RGBA (browser only). */
export async function rasterise(svg: string, size: number, ink: string): Promise<Uint8ClampedArray> {
  const img = new Image(size, size)
  img.src = iconDataUri(svg, ink)
  await img.decode()
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('No 2D canvas')
  context.drawImage(img, 0, 0, size, size)
  return context.getImageData(0, 0, size, size).data
}
