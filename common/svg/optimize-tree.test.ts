import { createRequire } from 'node:module'
import type { Config, CustomPlugin } from 'svgo/browser'
import { describe, expect, it } from 'vitest'
import { iconifyCorpus } from '../../tests/exactness/iconify-corpus.ts'
import { importIdPrefix, importSvg } from './import-svg.ts'
import { normalizeTree } from './normalize.ts'
import { loadedSvgo, type Optimize, type SvgoModule } from './optimize.ts'
import { keepShorter, noteNodes, optimizeTree, surveyTree } from './optimize-tree.ts'
import { readSvg } from './sanitize.ts'
import type { XastRoot } from './svgo-ast.ts'
import { SVGO_TEXT_ELEMENTS } from './svgo-ast.ts'
import { importPlugins, SVGO_CONTAINERS } from './svgo-config.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { type SvgElement, serialize } from './tree.ts'

const svgo = createRequire(import.meta.url)('svgo') as SvgoModule & {
  _collections: { textElems: Set<string>; elemsGroups: { container: Set<string> } }
}

function svgoLoaded(): Optimize {
  importSvg('<svg xmlns="http://www.w3.org/2000/svg"/>')
  const optimize = loadedSvgo()
  if (!optimize) throw new Error('svgo did not load')
  return optimize
}

/** Legit corpus and every 10th Iconify icon, normalized as the pipeline does. */
function corpus(): { name: string; svg: string }[] {
  const icons = iconifyCorpus().filter((_, i) => i % 10 === 0)
  return [...legitFixtures(), ...icons.map((icon) => ({ name: icon.id, svg: icon.svg }))]
}

function normalized(svg: string) {
  const tree = readSvg(svg)
  return normalizeTree(tree, { idPrefix: importIdPrefix(svg, tree) })
}

/** The same plugins through svgo's own optimize, on markup, with the keep-shorter step as custom plugins. */
function throughSvgoOptimize(tree: SvgElement): string {
  let notes: ReturnType<typeof noteNodes> = []
  const { features } = surveyTree(tree)
  const plugins = importPlugins(features).flatMap((plugin) => {
    if (plugin.name !== 'convertPathData') return [plugin]
    const before: CustomPlugin = {
      name: 'noteBefore',
      fn: (root) => {
        notes = noteNodes(root as unknown as XastRoot)
        return null
      },
    }
    const after: CustomPlugin = {
      name: 'keepShorter',
      fn: () => {
        keepShorter(notes)
        return null
      },
    }
    return [before, plugin, after]
  })
  const out = svgo.optimize(serialize(tree), { multipass: false, plugins } as Config).data
  return serialize(readSvg(out))
}

describe('optimizeTree', () => {
  it("gives what svgo's optimize gives with the same plugins, without its parser and printer", () => {
    const optimize = svgoLoaded()
    for (const { name, svg } of corpus()) {
      const expected = throughSvgoOptimize(normalized(svg))
      const ours = optimizeTree(optimize, normalized(svg))
      expect(ours && serialize(ours), name).toBe(expected)
    }
  })

  it('skips only plugins that have nothing to do: running them all changes no output', () => {
    const optimize = svgoLoaded()
    for (const { name, svg } of corpus()) {
      const skipping = optimizeTree(optimize, normalized(svg))
      const all = optimizeTree(optimize, normalized(svg), true)
      expect(skipping && serialize(skipping), name).toBe(all && serialize(all))
    }
  })

  it("keeps the input's path data where svgo's relative-only data is longer", () => {
    const optimize = svgoLoaded()
    const svg = (path: string) =>
      serialize(
        optimizeTree(
          optimize,
          readSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${path}</svg>`),
        ) ?? readSvg('<svg/>'),
      )
    expect(svg('<path d="M20 2H2v20h18"/>')).toContain('d="M20 2H2v20h18"')
    expect(svg('<path d="M 20.0000 2.0000 L 2.0000 2.0000 L 2.0000 22.0000"/>')).toContain('d="M20 2h-18v20"')
    // a transform svgo applied into the path data: its data stays
    const moved = svg('<path transform="translate(1 1)" d="M20 2H2v20h18"/>')
    expect(moved).not.toContain('transform')
    expect(moved).toContain('d="M21 3')
  })

  it('returns null for a stand-in optimize (not a loaded svgo), as the benchmark breakdown uses', () => {
    expect(optimizeTree((svg) => ({ data: svg }), readSvg('<svg><path d="M0 0h1"/></svg>'))).toBeNull()
  })

  it("copies svgo's element groups it relies on", () => {
    expect([...SVGO_TEXT_ELEMENTS].sort()).toEqual([...svgo._collections.textElems].sort())
    expect([...SVGO_CONTAINERS, 'svg'].sort()).toEqual([...svgo._collections.elemsGroups.container].sort())
  })
})
