// Decodes a PNG or JPEG in the browser (createImageBitmap onto a canvas) into pixels, scaled so
// its longest side is at most `maxSide`: tracing stays fast and icons need no more detail.
const TRACE_MAX_SIDE = 256
export const TRACE_TYPES = ['image/png', 'image/jpeg'] as const

export const UNREADABLE_IMAGE = 'This image could not be read. Choose a PNG or JPEG file.'

export async function decodeImage(file: Blob, maxSide = TRACE_MAX_SIDE): Promise<ImageData> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new Error(UNREADABLE_IMAGE)
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  const width = Math.max(1, Math.round(bitmap.width * scale))
  const height = Math.max(1, Math.round(bitmap.height * scale))
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error(UNREADABLE_IMAGE)
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  return context.getImageData(0, 0, width, height)
}
