// The whole upload pipeline, the same in the browser and on the server. The server stores
// only what this returns.

import { type NormalizeOptions, normalizeTree } from './normalize.ts'
import { optimizeSvg } from './optimize.ts'
import { readSvg } from './sanitize.ts'
import { serialize } from './tree.ts'

/** parse → sanitize → normalize → optimize (svgo) → sanitize again. Throws SvgError. */
export async function processSvg(input: string, options: NormalizeOptions): Promise<string> {
  const normalized = serialize(normalizeTree(readSvg(input), options))
  const optimized = await optimizeSvg(normalized)
  return serialize(readSvg(optimized))
}
