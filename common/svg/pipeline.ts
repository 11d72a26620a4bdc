// The whole upload pipeline, the same in the browser and on the server. The server stores
// only what this returns. Before the optimiser runs, what it would cost is checked
// (path-cost.ts) and the drawing is counted once more with its <style> rules inlined
// (use-expansion.ts); a drawing with nothing left to draw is refused (drawable.ts).

import { refuseEmptyDrawing } from './drawable.ts'
import { type NormalizeOptions, normalizeTree } from './normalize.ts'
import { loadSvgo, type Optimize } from './optimize.ts'
import { optimizeTree } from './optimize-tree.ts'
import { checkPathCost } from './path-cost.ts'
import { readSvg } from './sanitize.ts'
import { type SvgElement, serialize } from './tree.ts'
import { expandedElementCount } from './use-expansion.ts'

/** Parses and sanitizes an upload, keeping the root's class until normalize has used it. */
export function readUpload(input: string): SvgElement {
  return readSvg(input, true)
}

/**
 * normalize → optimize (svgo) → sanitize again, on a tree from readUpload, synchronously.
 * Throws SvgError.
 */
export function finishPipeline(tree: SvgElement, options: NormalizeOptions, optimize: Optimize): string {
  const normalized = normalizeTree(tree, options)
  // <style> rules that matched the root's class are inlined now: the class goes.
  normalized.attrs.delete('class')
  expandedElementCount(normalized)
  checkPathCost(normalized)
  // svgo skipped for a heavy icon: the normalized tree is already sanitized.
  const optimized = optimizeTree(optimize, normalized) ?? normalized
  refuseEmptyDrawing(optimized)
  return serialize(optimized)
}

/** parse → sanitize → normalize → optimize (svgo) → sanitize again. Throws SvgError. */
export async function processSvg(input: string, options: NormalizeOptions): Promise<string> {
  const optimize = await loadSvgo()
  return finishPipeline(readUpload(input), options, optimize)
}
