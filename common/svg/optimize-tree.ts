// The import pipeline's svgo step, on the tree rather than on markup: the icon's tree becomes
// svgo's syntax tree (svgo-ast.ts), svgo's own plugin functions (its exported
// `builtinPlugins`) run on it one after the other, as svgo's optimize runs them, and the
// result is rebuilt by the sanitizer's allowlist. svgo's parser and printer, and our parsing
// of its output, are skipped: they cost about as much as all the plugins but convertPathData
// together. optimize-tree.test.ts checks that this gives what svgo's optimize gives.

import type { Plugin, PluginInfo, Visitor } from 'svgo/browser'
import { SvgError } from './errors.ts'
import { MAX_OPTIMIZE_WEIGHT, type Optimize, svgoPlugins } from './optimize.ts'
import { sanitizeRaw } from './sanitize.ts'
import { fromXast, toXast, type XastChild, type XastElement, type XastRoot } from './svgo-ast.ts'
import { ALL_FEATURES, FEATURE, importPlugins, SVGO_CONTAINERS } from './svgo-config.ts'
import type { SvgElement } from './tree.ts'

type XastNode = XastRoot | XastChild
type Callbacks = {
  enter?: (node: XastNode, parent?: XastNode) => unknown
  exit?: (node: XastNode, parent?: XastNode) => void
}

/**
 * svgo's visit (lib/xast.js), the same walk: enter, children (not those of an element its
 * enter detached), exit. svgo's plugins return its private `visitSkip` symbol from enter to
 * skip the children, and nothing else: any symbol skips here.
 */
function visit(node: XastNode, visitor: Visitor, parent?: XastNode): void {
  const callbacks = (visitor as Record<string, Callbacks | undefined>)[node.type]
  if (callbacks?.enter && typeof callbacks.enter(node, parent) === 'symbol') return
  if (node.type === 'root') for (const child of node.children) visit(child, visitor, node)
  else if (node.type === 'element' && parent && 'children' in parent && parent.children.includes(node))
    for (const child of node.children) visit(child, visitor, node)
  callbacks?.exit?.(node, parent)
}

// convertPathData writes only relative coordinates (svgo-config.ts), which can be longer
// than what it was given (already optimised path data mixes absolute and relative). So each
// `d` and `transform` is noted just before it runs, and the noted `d` is put back where it is
// shorter than svgo's and the transform was not applied into it. (A plain list per call: a
// long-lived Map here made every young-generation collection several times slower.)
interface Noted {
  el: XastElement
  d: string
  transform: string | undefined
}

/** Notes every `d` (with its element's transform) before convertPathData. */
export function noteNodes(node: XastElement | XastRoot, notes: Noted[] = []): Noted[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    const d = child.attributes.d
    if (d !== undefined) notes.push({ el: child, d, transform: child.attributes.transform })
    if (child.children.length !== 0) noteNodes(child, notes)
  }
  return notes
}

/** After convertPathData: puts back each noted `d` that is shorter, where that is still valid. */
export function keepShorter(notes: readonly Noted[]): void {
  for (const { el, d, transform } of notes) {
    const now = el.attributes.d
    if (now !== undefined && d.length < now.length && el.attributes.transform === transform)
      el.attributes.d = d
  }
}

const INFO: PluginInfo = { multipassCount: 0 }

/** Runs the import plugins that have something to do on these features, in order, on `root`. */
function runImportPlugins(
  root: XastRoot,
  features: number,
  plugins: ReadonlyMap<string, Plugin<unknown>>,
): void {
  for (const { name, params } of importPlugins(features)) {
    const fn = plugins.get(name)
    if (!fn) throw new Error(`svgo has no plugin ${name}`)
    const notes = name === 'convertPathData' ? noteNodes(root) : null
    const visitor = fn(root as never, { ...params }, INFO)
    if (visitor) visit(root, visitor)
    if (notes) keepShorter(notes)
  }
}

const SHAPES = new Set(['rect', 'line', 'polyline', 'polygon'])
const TRANSFORMS = ['transform', 'gradientTransform', 'patternTransform']

/** The sum of element depths (root = 1) and the FEATURE bits of a tree. */
export function surveyTree(tree: SvgElement): { weight: number; features: number } {
  let weight = 0
  let features = 0
  const go = (el: SvgElement, depth: number): void => {
    weight += depth
    const name = el.name
    if (name === 'g') features |= FEATURE.groups | FEATURE.containers
    else if (SHAPES.has(name)) features |= FEATURE.shapes
    else if (name === 'ellipse') features |= FEATURE.ellipses
    else if (name === 'style') features |= FEATURE.styles
    else if (depth > 1 && SVGO_CONTAINERS.has(name)) features |= FEATURE.containers
    const attrs = el.attrs
    if (attrs.size !== 0) {
      if (attrs.has('id')) features |= FEATURE.ids
      if (attrs.has('d')) features |= FEATURE.pathData
      for (const attr of TRANSFORMS) if (attrs.has(attr)) features |= FEATURE.transforms
    }
    for (const child of el.children) if (typeof child !== 'string') go(child, depth + 1)
  }
  go(tree, 1)
  return { weight, features }
}

/**
 * Optimizes a sanitized, normalized tree with a given svgo, synchronously; returns the
 * sanitizer's rebuild of svgo's result. null when svgo was skipped (heavier than
 * MAX_OPTIMIZE_WEIGHT) or `optimize` is not a loaded svgo (a stand-in, as in the benchmark's
 * breakdown). `allPlugins` runs every plugin of the list, needed or not (the <style> ones
 * only with a <style>), for the tests that check the skipping changes nothing.
 */
export function optimizeTree(optimize: Optimize, tree: SvgElement, allPlugins = false): SvgElement | null {
  const plugins = svgoPlugins(optimize)
  if (!plugins) return null
  const { weight, features } = surveyTree(tree)
  if (weight > MAX_OPTIMIZE_WEIGHT) return null
  const root = toXast(tree)
  try {
    runImportPlugins(
      root,
      allPlugins ? (ALL_FEATURES & ~FEATURE.styles) | (features & FEATURE.styles) : features,
      plugins,
    )
  } catch (error) {
    throw new SvgError('optimize_failed', error instanceof Error ? error.message.slice(0, 160) : undefined)
  }
  const raw = fromXast(root)
  if (!raw) throw new SvgError('optimize_failed', 'no single root element')
  return sanitizeRaw(raw)
}
