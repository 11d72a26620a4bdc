// svgo's plugin lists: the thorough one of optimizeSvg (the maker's "Optimise" button) and the
// lean one of the import pipeline (processSvg, importSvg), with the conditions under which a
// plugin of the lean list has something to do at all (docs/decisions/0403-import-speed.md).

import type { Config } from 'svgo/browser'

// optimizeSvg: preset-default's plugins in its order, less those with nothing to do on
// sanitized, normalized input: removeDoctype, removeXMLProcInst, removeComments,
// removeMetadata, removeEditorsNSData, cleanupEnableBackground and removeUnusedNS (the
// sanitizer and our serializer never let those through) and removeDesc (descriptions are
// kept). The three <style> plugins run only when the markup has a <style> (normalize inlines
// and removes it; optimizeSvg alone may get one).
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

/** What a sanitized, normalized tree contains, as far as the import plugins care. */
export const FEATURE = {
  /** an `id` attribute */
  ids: 1,
  /** a `<g>` */
  groups: 2,
  /** a `<rect>`, `<line>`, `<polyline>` or `<polygon>` (convertShapeToPath's) */
  shapes: 4,
  /** an `<ellipse>` */
  ellipses: 8,
  /** a `d` attribute */
  pathData: 16,
  /** a `transform`, `gradientTransform` or `patternTransform` attribute */
  transforms: 32,
  /** a container other than `<svg>` (svgo's `container` group) */
  containers: 64,
  /** a `<style>` */
  styles: 128,
} as const

export const ALL_FEATURES = 255

/**
 * The import pipeline's plugins, in preset-default's order, each with the features without
 * which it provably does nothing (read from svgo 4.1's sources; svgo-config.test.ts checks
 * that leaving them out changes no output). 0: always runs.
 */
const IMPORT_PLUGINS: readonly (readonly [string, number])[] = [
  ['mergeStyles', FEATURE.styles],
  ['inlineStyles', FEATURE.styles],
  ['minifyStyles', FEATURE.styles],
  // only removes or renames ids
  ['cleanupIds', FEATURE.ids],
  ['removeUselessDefs', 0],
  ['cleanupNumericValues', 0],
  ['convertColors', 0],
  ['removeUnknownsAndDefaults', 0],
  // rect, line, polyline, polygon (circles and ellipses only with convertArcs)
  ['convertShapeToPath', FEATURE.shapes],
  ['convertEllipseToCircle', FEATURE.ellipses],
  // these three only act on <g>, and nothing before them makes one
  ['moveElemsAttrsToGroup', FEATURE.groups],
  ['moveGroupAttrsToElems', FEATURE.groups],
  ['collapseGroups', FEATURE.groups],
  // elements with `d`, including those convertShapeToPath made
  ['convertPathData', FEATURE.pathData | FEATURE.shapes],
  ['convertTransform', FEATURE.transforms],
  // empty containers other than <svg>
  ['removeEmptyContainers', FEATURE.containers],
]

/** Elements of svgo's `container` group but <svg>, which removeEmptyContainers leaves. */
export const SVGO_CONTAINERS: ReadonlySet<string> = new Set([
  'a',
  'defs',
  'foreignObject',
  'g',
  'marker',
  'mask',
  'missing-glyph',
  'pattern',
  'switch',
  'symbol',
])

const PARAMS: Record<string, Record<string, unknown>> = {
  // Ids keep their per-icon prefix; unreferenced ones go.
  cleanupIds: { minify: false, remove: true },
  removeUnknownsAndDefaults: { keepRoleAttr: true, keepAriaAttrs: true, keepDataAttrs: true },
}

const IMPORT_PARAMS: Record<string, Record<string, unknown>> = {
  ...PARAMS,
  // Fitting arcs to curves saved no byte on the Iconify sets nor on the legit corpus, for an
  // eighth of the plugin's time. Relative coordinates only: choosing absolute or relative
  // per segment prints every segment twice more, a third of the plugin's time, for 2.3 % of
  // bytes on editor-like path data; optimize-tree.ts keeps the input's `d` where shorter.
  convertPathData: { makeArcs: false, utilizeAbsolute: false },
}

type PluginConfig = { name: string; params: Record<string, unknown> }

/** The import pipeline's plugins that have something to do on a tree with these features. */
export function importPlugins(features: number = ALL_FEATURES): PluginConfig[] {
  return IMPORT_PLUGINS.filter(([, needs]) => needs === 0 || (features & needs) !== 0).map(([name]) => ({
    name,
    params: IMPORT_PARAMS[name] ?? {},
  }))
}

/** 'import': the import pipeline's lean plugin list; 'thorough': optimizeSvg's. */
export type SvgoPreset = 'import' | 'thorough'

/**
 * One pass (more passes gained 0.003 % of bytes on the legit corpus and the Iconify sets,
 * for twice the time), ids kept as they are, titles, descriptions, role and aria-* kept.
 * svgo never adds scripts or links, and the pipeline sanitizes its output again anyway.
 * `full` adds mergePaths (thorough only); `withStyles` the <style> plugins.
 */
export function svgoConfig(full = true, withStyles = true, preset: SvgoPreset = 'import'): Config {
  if (preset === 'import') {
    const features = withStyles ? ALL_FEATURES : ALL_FEATURES & ~FEATURE.styles
    return { multipass: false, plugins: importPlugins(features) } as Config
  }
  const names = [...BEFORE_STYLES, ...(withStyles ? STYLE_PLUGINS : []), ...AFTER_STYLES]
  const plugins = names
    .filter((name) => full || name !== 'mergePaths')
    .map((name) => ({ name, params: PARAMS[name] ?? {} }))
  return { multipass: false, plugins } as Config
}

/** The import pipeline's svgo configuration, as a plain configuration for markup. */
export const SVGO_CONFIG: Config = svgoConfig()
