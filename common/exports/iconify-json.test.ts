// The Iconify JSON package export (ADR 0021) as its users load it: unzipped into
// node_modules/@iconify-json/<prefix>, @iconify/utils' loader (what unplugin-icons and the Iconify
// Tailwind plugins use) finds icons.json through package.json, the set validates, every icon and
// alias resolves to drawable data, and the package's own entry (index.mjs) gives icons, info and
// metadata. The same icons give the same bytes (ADR 0104).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getIconData, iconToHTML, iconToSVG, validateIconSet } from '@iconify/utils'
import { loadCollectionFromFS } from '@iconify/utils/lib/loader/fs'
import { unzipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { buildExport } from './build-export.ts'
import type { ExportIcon } from './export-kinds.ts'

const HOUSE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></svg>'
const WIDE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 16"><path d="M2 2h28v12H2z"/></svg>'

const icons: ExportIcon[] = [
  { name: 'House', svg: HOUSE, aliases: [{ name: 'home', deprecated: true, remove_in: '2.0.0' }] },
  { name: 'Arrow Wide', svg: WIDE },
  { name: 'arrow wide', svg: HOUSE },
]

const build = () =>
  buildExport(
    { kind: 'iconify-json', projectName: 'Team Icons', iconifyPrefix: 'team', icons, version: '1.2.0' },
    () => {},
  )

describe('Iconify JSON package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'iconvault-iconify-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is a package @iconify/utils loads, with valid icons and aliases', async () => {
    const result = await build()
    expect(result.fileName).toBe('team-icons-iconify-1.2.0.zip') // a release's: its version in the name
    expect(result.skipped).toEqual([])
    const files = unzipSync(result.bytes)
    expect(Object.keys(files).sort()).toEqual([
      'icons.json',
      'index.d.ts',
      'index.js',
      'index.mjs',
      'info.json',
      'metadata.json',
      'package.json',
    ])
    const pkgDir = join(dir, 'node_modules', '@iconify-json', 'team')
    mkdirSync(pkgDir, { recursive: true })
    for (const [path, bytes] of Object.entries(files)) writeFileSync(join(pkgDir, path), bytes)
    const pkg = JSON.parse(new TextDecoder().decode(files['package.json']))
    expect(pkg).toMatchObject({
      name: '@iconify-json/team',
      version: '1.2.0',
      iconSet: { icons: 'icons.json', info: 'info.json', metadata: 'metadata.json' },
    })

    const set = await loadCollectionFromFS('team', false, '@iconify-json', dir)
    expect(set).toBeDefined()
    expect(validateIconSet(set!)).toBe(set)
    expect(set!.prefix).toBe('team')
    expect(Object.keys(set!.icons).sort()).toEqual(['arrow-wide', 'arrow-wide-2', 'house'])
    expect(set!.aliases).toEqual({ home: { parent: 'house' } })

    const house = getIconData(set!, 'home')!
    expect(house).toMatchObject({ width: 24, height: 24 })
    const rendered = iconToSVG(house)
    expect(iconToHTML(rendered.body, rendered.attributes)).toContain(
      '<g fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></g>',
    )
    expect(getIconData(set!, 'arrow-wide')).toMatchObject({ width: 32, height: 16 })

    const entry = await import(pathToFileURL(join(pkgDir, 'index.mjs')).href)
    expect(entry.icons).toEqual(set)
    expect(entry.info).toMatchObject({ prefix: 'team', name: 'Team Icons', total: 3, version: '1.2.0' })
    expect(entry.metadata).toEqual({})
  })

  it('gives the same bytes for the same icons in any order', async () => {
    const a = await build()
    const b = await buildExport(
      {
        kind: 'iconify-json',
        projectName: 'Team Icons',
        iconifyPrefix: 'team',
        icons: [...icons].reverse(),
        version: '1.2.0',
      },
      () => {},
    )
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true)
  })
})
