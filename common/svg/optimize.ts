// svgo 4, loaded on first use so the browser keeps it out of the first chunk. The browser
// build of svgo has no Node dependencies and runs in Node too, so one import serves both.

import type { Config } from 'svgo/browser'
import { SvgError } from './errors.ts'
import { scanStructure } from './parse.ts'

type Optimize = (svg: string, config: Config) => { data: string }

let loading: Promise<Optimize> | null = null

function loadSvgo(): Promise<Optimize> {
  loading ??= import('svgo/browser').then((svgo) => svgo.optimize)
  return loading
}

// svgo's cost grows with elements × depth (it walks ancestors to compute styles) and
// mergePaths is quadratic, so the work is sized by the sum of element depths: a flat
// 24-element icon weighs about 50, 20,000 elements nested 60 deep over a million.
/** Up to this weight: several passes and mergePaths. */
export const FULL_OPTIMIZE_WEIGHT = 1_500
/** Beyond this weight svgo is skipped: the icon stays sanitized and normalized. */
export const MAX_OPTIMIZE_WEIGHT = 10_000

/**
 * preset-default with: ids kept as they are (normalize has prefixed them; unused ones may
 * go), titles and descriptions kept, role and aria-* kept. svgo never adds scripts or
 * links, and processSvg sanitizes its output again anyway.
 */
export function svgoConfig(full = true): Config {
  return {
    multipass: full,
    plugins: [
      {
        name: 'preset-default',
        params: {
          overrides: {
            cleanupIds: { minify: false, remove: true },
            removeDesc: false,
            removeUnknownsAndDefaults: { keepRoleAttr: true, keepAriaAttrs: true, keepDataAttrs: true },
            ...(full ? {} : { mergePaths: false }),
          },
        },
      },
    ],
  }
}

export const SVGO_CONFIG: Config = svgoConfig()

/** Optimizes SVG markup with svgo. Expects sanitized input; sanitize its output again. */
export async function optimizeSvg(svg: string): Promise<string> {
  const weight = scanStructure(svg).depthSum
  if (weight > MAX_OPTIMIZE_WEIGHT) return svg
  const optimize = await loadSvgo()
  try {
    return optimize(svg, svgoConfig(weight <= FULL_OPTIMIZE_WEIGHT)).data
  } catch (error) {
    throw new SvgError('optimize_failed', error instanceof Error ? error.message.slice(0, 160) : undefined)
  }
}
