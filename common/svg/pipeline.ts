// The whole upload pipeline, the same in the browser and on the server. The server stores
// only what this returns.

import { type NormalizeOptions, normalizeTree } from './normalize.ts'
import { loadSvgo, type Optimize } from './optimize.ts'
import { optimizeTree } from './optimize-tree.ts'
import { readSvg } from './sanitize.ts'
import { type SvgElement, serialize } from './tree.ts'

/**
 * normalize → optimize (svgo) → sanitize again, on an already sanitized tree, synchronously.
 * Throws SvgError.
 */
export function finishPipeline(tree: SvgElement, options: NormalizeOptions, optimize: Optimize): string {
  const normalized = normalizeTree(tree, options)
  // svgo skipped for a heavy icon: the normalized tree is already sanitized.
  return serialize(optimizeTree(optimize, normalized) ?? normalized)
}

/** parse → sanitize → normalize → optimize (svgo) → sanitize again. Throws SvgError. */
export async function processSvg(input: string, options: NormalizeOptions): Promise<string> {
  const optimize = await loadSvgo()
  return finishPipeline(readSvg(input), options, optimize)
}
