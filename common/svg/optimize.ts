// svgo 4. The browser loads it on first use (`import('svgo/browser')`), so it stays out of every
// chunk that only converts; that build has no Node dependencies and runs in Node too. The
// synchronous importSvg takes svgo from here once loaded, or from Node's require (import-svg.ts).
// optimizeSvg (markup, the thorough plugin list) is here; the import pipeline's svgo step on
// the tree, with the lean list, is optimize-tree.ts; the lists are in svgo-config.ts.

import type { Config, Plugin } from 'svgo/browser'
import { SvgError } from './errors.ts'
import { scanStructure } from './parse.ts'
import { checkPathCost } from './path-cost.ts'
import { readSvg } from './sanitize.ts'
import { svgoConfig } from './svgo-config.ts'

/** svgo's optimize function (the same in its browser and Node builds). */
export type Optimize = (svg: string, config: Config) => { data: string }

/** What the pipeline uses of an svgo module (its browser and Node builds alike). */
export interface SvgoModule {
  optimize: Optimize
  builtinPlugins: readonly { name: string; fn: Plugin<never> }[]
}

let loaded: Optimize | null = null
let loading: Promise<Optimize> | null = null
/** The builtin plugin functions of each svgo build seen, by its optimize (optimize-tree.ts). */
const pluginsByOptimize = new WeakMap<Optimize, ReadonlyMap<string, Plugin<unknown>>>()

function register(svgo: SvgoModule): Optimize {
  if (!pluginsByOptimize.has(svgo.optimize))
    pluginsByOptimize.set(
      svgo.optimize,
      new Map(svgo.builtinPlugins.map((plugin) => [plugin.name, plugin.fn as Plugin<unknown>])),
    )
  return svgo.optimize
}

/** The builtin plugins of a loaded svgo, by name; undefined for any other function. */
export function svgoPlugins(optimize: Optimize): ReadonlyMap<string, Plugin<unknown>> | undefined {
  return pluginsByOptimize.get(optimize)
}

/** Loads svgo (once); afterwards loadedSvgo() returns it synchronously. */
export function loadSvgo(): Promise<Optimize> {
  // importSvg may have required svgo's Node build already: same version, same results.
  loading ??= loaded
    ? Promise.resolve(loaded)
    : import('svgo/browser').then((svgo) => {
        loaded ??= register(svgo as unknown as SvgoModule)
        return loaded
      })
  return loading
}

/** svgo if it is already loaded, else null. */
export function loadedSvgo(): Optimize | null {
  return loaded
}

/** Registers an svgo obtained another way (Node's require in importSvg). */
export function provideSvgo(svgo: SvgoModule): void {
  loaded ??= register(svgo)
}

// svgo's cost grows with elements × depth (it walks ancestors to compute styles) and
// mergePaths is quadratic, so the work is sized by the sum of element depths: a flat
// 24-element icon weighs about 50, 20,000 elements nested 60 deep over a million.
/** Up to this weight: mergePaths too (optimizeSvg). */
export const FULL_OPTIMIZE_WEIGHT = 1_500
/** Beyond this weight svgo is skipped: the icon stays sanitized and normalized. */
export const MAX_OPTIMIZE_WEIGHT = 10_000

/** The four configurations optimizeWith uses, built once (svgo does not modify them). */
const configs: Config[] = []

/** Optimizes with a given svgo, synchronously. Expects sanitized input; sanitize its output again. */
export function optimizeWith(optimize: Optimize, svg: string): string {
  const weight = scanStructure(svg).depthSum
  if (weight > MAX_OPTIMIZE_WEIGHT) return svg
  // Path data whose optimising would take seconds is refused, as in the import pipeline.
  if (svg.length > 4096) checkPathCost(readSvg(svg))
  const full = weight <= FULL_OPTIMIZE_WEIGHT
  const withStyles = svg.includes('<style')
  const key = (full ? 2 : 0) + (withStyles ? 1 : 0)
  let config = configs[key]
  if (!config) {
    config = svgoConfig(full, withStyles, 'thorough')
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
