// Library search and icon building on the real Iconify JSON packages.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { processSvg } from '@common/svg/index.ts'
import { expectSameDrawing } from '@common/svg/test-support/render.ts'
import type { IconifyJSON } from '@iconify/types'
import { describe, expect, it } from 'vitest'
import { contentBounds } from '../ops/bounds.ts'
import { flip } from '../ops/orient.ts'
import { readTree } from '../ops/tree.ts'
import { iconToSvg } from './icon-svg.ts'
import { buildIndex, searchIndex } from './search.ts'

const require = createRequire(import.meta.url)
const load = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8'))
const lucide = load('@iconify-json/lucide/icons.json') as IconifyJSON
const mdi = load('@iconify-json/mdi/icons.json') as IconifyJSON
const mdiMeta = load('@iconify-json/mdi/metadata.json')
const fluent = load('@iconify-json/fluent-emoji-flat/icons.json') as IconifyJSON

describe('icon library', () => {
  it('finds by name: exact first, then word starts, then substrings', () => {
    const index = buildIndex(lucide)
    const { names } = searchIndex(index, 'arrow right', 5)
    expect(names[0]).toBe('arrow-right')
    expect(names.every((n) => n.includes('arrow') && n.includes('right'))).toBe(true)
    expect(searchIndex(index, 'ARROW-RIGHT', 1).names).toEqual(['arrow-right'])
    expect(searchIndex(index, '', 3).total).toBe(index.length)
    expect(searchIndex(index, 'zzzqqq', 10)).toEqual({ names: [], total: 0 })
  })

  it('counts each set once: one entry per icon its info.json counts, plain aliases as other names', () => {
    for (const id of ['lucide', 'tabler', 'ph', 'material-symbols', 'mdi', 'fluent-emoji-flat']) {
      const info = load(`@iconify-json/${id}/info.json`) as { total: number }
      const index = buildIndex(load(`@iconify-json/${id}/icons.json`) as IconifyJSON)
      expect(index.length, id).toBe(info.total)
      expect(searchIndex(index, '', 1).total, id).toBe(info.total)
    }
    const index = buildIndex(mdi)
    const [alias, { parent }] = Object.entries(mdi.aliases ?? {}).find(([, a]) => mdi.icons[a.parent])!
    expect(index.some((e) => e.name === alias)).toBe(false)
    expect(searchIndex(index, alias, 1).names).toEqual([parent])
  })

  it('finds by category where the set has them', () => {
    const index = buildIndex(mdi, mdiMeta)
    const { names } = searchIndex(index, 'agriculture', 500)
    expect(names.length).toBeGreaterThan(5)
    expect(names).toContain('tractor')
  })

  it('builds an SVG the pipeline accepts, resolving aliases with their flips and turns', async () => {
    const svg = iconToSvg(lucide, 'house')!
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24">/)
    await processSvg(svg, { idPrefix: 'lib' })
    const right = iconToSvg(fluent, 'backhand-index-pointing-right')!
    const left = iconToSvg(fluent, 'backhand-index-pointing-left')!
    expect(right).not.toContain('transform')
    expectSameDrawing(right, flip(left, 'horizontal'), 'the mirrored alias')
    expect(contentBounds(readTree(right))).not.toBeNull()
    expect(left).not.toContain('<g transform=')
    await processSvg(right, { idPrefix: 'lib' })
    expect(iconToSvg(mdi, Object.keys(mdi.aliases ?? {})[0]!)).toMatch(/^<svg/)
    expect(iconToSvg(lucide, 'no-such-icon')).toBeNull()
  })
})
