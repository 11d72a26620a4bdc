// importSvg: the whole pipeline of processSvg, synchronous and never throwing, for callers
// that want one call per file (checks outside the codebase, scripts, the exactness harness).
//
// svgo's optimize is synchronous, but loading it is not in the browser. A static import here
// would put svgo into every chunk that imports index.ts, including the copy-format converters
// (checked: ~900 kB), so svgo is resolved on the first call instead:
//   - already loaded (processSvg, optimizeSvg or loadSvgo() ran): that one;
//   - in Node: `require('svgo')` through process.getBuiltinModule('node:module');
//   - otherwise (a browser that has not loaded svgo): { error }, telling the caller to
//     `await loadSvgo()` first or to use processSvg.

import { SvgError } from './errors.ts'
import { loadedSvgo, type Optimize, provideSvgo, type SvgoModule } from './optimize.ts'
import { finishPipeline, readUpload } from './pipeline.ts'
import { type SvgElement, walk } from './tree.ts'

export const SVGO_NOT_LOADED =
  'svgo is not loaded: await loadSvgo() before importSvg in the browser, or use processSvg'

interface NodeProcess {
  getBuiltinModule?: (id: string) => unknown
}

function nodeSvgo(): Optimize | null {
  const nodeProcess = (globalThis as { process?: NodeProcess }).process
  if (typeof nodeProcess?.getBuiltinModule !== 'function') return null
  const nodeModule = nodeProcess.getBuiltinModule('node:module') as typeof import('node:module') | undefined
  if (!nodeModule) return null
  provideSvgo(nodeModule.createRequire(import.meta.url)('svgo') as SvgoModule)
  return loadedSvgo()
}

/** 53-bit string hash (cyrb53): fast, well spread, stable across runs and platforms. */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** The id prefixes importSvg gives: `i` and 8 base-36 digits. */
const IMPORT_PREFIX = /^(i[0-9a-z]{8})-/

/**
 * The per-import id prefix: `i` + 8 base-36 digits (41 bits) of a hash of the input, so the
 * same file always gets the same ids and two different files collide with odds of about
 * n²/2⁴² (10,000 icons on one page: 1 in 44,000, and only if their ids also match). Input
 * that importSvg already produced keeps its prefix, so importing it again changes nothing.
 */
export function importIdPrefix(input: string, tree?: SvgElement): string {
  if (tree) {
    const prefixes = new Set<string>()
    walk(tree, (el) => {
      const id = el.attrs.get('id')
      if (id !== undefined) prefixes.add(IMPORT_PREFIX.exec(id)?.[1] ?? '')
    })
    const [only] = prefixes
    if (prefixes.size === 1 && only) return only
  }
  return `i${hashString(input).toString(36).padStart(11, '0').slice(-8)}`
}

/**
 * parse → sanitize → normalize → optimize (svgo) → sanitize again, synchronously, with a
 * per-import id prefix (importIdPrefix). Never throws: a refusal comes back as
 * { error } with the user-facing message of SvgError.
 */
export function importSvg(input: string): { svg: string } | { error: string } {
  try {
    const optimize = loadedSvgo() ?? nodeSvgo()
    if (!optimize) return { error: SVGO_NOT_LOADED }
    const tree = readUpload(input)
    return { svg: finishPipeline(tree, { idPrefix: importIdPrefix(input, tree) }, optimize) }
  } catch (error) {
    if (error instanceof SvgError) return { error: error.message }
    return {
      error: `The SVG could not be imported: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}
