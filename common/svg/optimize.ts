// svgo 4. The browser loads it on first use (`import('svgo/browser')`), so it stays out of every
// chunk that only converts; that build has no Node dependencies and runs in Node too. The
// synchronous importSvg takes svgo from here once loaded, or from Node's require (import-svg.ts).

import type { Config } from 'svgo/browser'
import { SvgError } from './errors.ts'
import { scanStructure } from './parse.ts'

/** svgo's optimize function (the same in its browser and Node builds). */
export type Optimize = (svg: string, config: Config) => { data: string }

let loaded: Optimize | null = null
let loading: Promise<Optimize> | null = null

/** Loads svgo (once); afterwards loadedSvgo() returns it synchronously. */
export function loadSvgo(): Promise<Optimize> {
  // importSvg may have required svgo's Node build already: same version, same results.
  loading ??= loaded
    ? Promise.resolve(loaded)
    : import('svgo/browser').then((svgo) => {
        loaded ??= svgo.optimize
        return loaded
      })
  return loading
}

/** svgo if it is already loaded, else null. */
export function loadedSvgo(): Optimize | null {
  return loaded
}

/** Registers an svgo obtained another way (Node's require in importSvg). */
export function provideSvgo(optimize: Optimize): void {
  loaded ??= optimize
}

// svgo's cost grows with elements × depth (it walks ancestors to compute styles) and
// mergePaths is quadratic, so the work is sized by the sum of element depths: a flat
// 24-element icon weighs about 50, 20,000 elements nested 60 deep over a million.
/** Up to this weight: mergePaths too. */
export const FULL_OPTIMIZE_WEIGHT = 1_500
/** Beyond this weight svgo is skipped: the icon stays sanitized and normalized. */
export const MAX_OPTIMIZE_WEIGHT = 10_000

// preset-default's plugins in its order, less those with nothing to do on sanitized,
// normalized input: removeDoctype, removeXMLProcInst, removeComments, removeMetadata,
// removeEditorsNSData, cleanupEnableBackground and removeUnusedNS (the sanitizer and our
// serializer never let those through) and removeDesc (descriptions are kept). The three
// <style> plugins run only when the markup has a <style> (normalize inlines and removes it;
// optimizeSvg alone may get one).
const STYLE_PLUGINS = ['mergeStyles', 'inlineStyles', 'minifyStyles'] as const
const BEFORE_STYLES = ['removeDeprecatedAttrs', 'cleanupAttrs'] as const
const AFTER_STYLES = [
  'cleanupIds',
  'removeUselessDefs',
  'cleanupNumericValues',
  'convertColors',
  'removeUnknownsAndDefaults',
  'removeNonInheritableGroupAttrs',
  'removeUselessStrokeAndFill',
  'removeHiddenElems',
  'removeEmptyText',
  'convertShapeToPath',
  'convertEllipseToCircle',
  'moveElemsAttrsToGroup',
  'moveGroupAttrsToElems',
  'collapseGroups',
  'convertPathData',
  'convertTransform',
  'removeEmptyAttrs',
  'removeEmptyContainers',
  'mergePaths',
  'sortAttrs',
  'sortDefsChildren',
] as const

const PARAMS: Record<string, Record<string, unknown>> = {
  // Ids keep their per-icon prefix; unreferenced ones go.
  cleanupIds: { minify: false, remove: true },
  removeUnknownsAndDefaults: { keepRoleAttr: true, keepAriaAttrs: true, keepDataAttrs: true },
}

/**
 * One pass (more passes gained 0.003 % of bytes on the legit corpus and the Iconify sets,
 * for twice the time), preset-default's plugins less the no-ops above, ids kept as they
 * are, titles, descriptions, role and aria-* kept. svgo never adds scripts or links, and
 * the pipeline sanitizes its output again anyway.
 */
export function svgoConfig(full = true, withStyles = true): Config {
  const names: string[] = [...BEFORE_STYLES, ...(withStyles ? STYLE_PLUGINS : []), ...AFTER_STYLES]
  const plugins = names
    .filter((name) => full || name !== 'mergePaths')
    .map((name) => ({ name, params: PARAMS[name] ?? {} }))
  return { multipass: false, plugins } as Config
}

export const SVGO_CONFIG: Config = svgoConfig()

/** The four configurations optimizeWith uses, built once (svgo does not modify them). */
const configs: Config[] = []

/** Optimizes with a given svgo, synchronously. Expects sanitized input; sanitize its output again. */
export function optimizeWith(optimize: Optimize, svg: string): string {
  const weight = scanStructure(svg).depthSum
  if (weight > MAX_OPTIMIZE_WEIGHT) return svg
  const full = weight <= FULL_OPTIMIZE_WEIGHT
  const withStyles = svg.includes('<style')
  const key = (full ? 2 : 0) + (withStyles ? 1 : 0)
  let config = configs[key]
  if (!config) {
    config = svgoConfig(full, withStyles)
    configs[key] = config
  }
  try {
    return optimize(svg, config).data
  } catch (error) {
    throw new SvgError('optimize_failed', error instanceof Error ? error.message.slice(0, 160) : undefined)
  }
}

/** Optimizes SVG markup with svgo, loading it first. Expects sanitized input; sanitize its output again. */
export async function optimizeSvg(svg: string): Promise<string> {
  return optimizeWith(await loadSvgo(), svg)
}
