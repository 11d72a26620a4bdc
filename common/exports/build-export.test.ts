import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { projectSlug as slug } from '../slug.ts'
import { buildExport } from './build-export.ts'
import type { ExportKind } from './export-kinds.ts'
import { uniqueNamer } from './unique-names.ts'

const svg = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="${d}"/></svg>`
const icons = [
  { name: 'arrow', svg: svg('M5 12h14') },
  { name: 'Arrow', svg: svg('M12 5v14') },
  { name: 'home', svg: svg('M3 9l9-7 9 7') },
  { name: 'broken', svg: '<html/>' },
]
const build = (kind: ExportKind) => buildExport({ kind, projectName: 'My Icons!', icons }, () => {})

describe('project exports', () => {
  test('a ZIP of SVG files with unique names; what cannot be converted is reported', async () => {
    const result = await build('svg-zip')
    expect(result.fileName).toBe('my-icons-svg.zip')
    const files = unzipSync(result.bytes)
    expect(Object.keys(files).sort()).toEqual(['arrow-2.svg', 'arrow.svg', 'home.svg'])
    expect(strFromU8(files['home.svg']!)).toContain('viewBox="0 0 24 24"')
    expect(result.skipped.map((s) => s.name)).toEqual(['broken'])
  })

  test('a React TS package: one component per icon, an index re-exporting all, package.json, README', async () => {
    const files = unzipSync((await build('react-ts')).bytes)
    expect(Object.keys(files).sort()).toEqual([
      'Arrow.tsx',
      'Arrow2.tsx',
      'Home.tsx',
      'README.md',
      'index.ts',
      'package.json',
    ])
    expect(strFromU8(files['index.ts']!)).toBe(
      "export { Arrow } from './Arrow.js'\nexport { Arrow2 } from './Arrow2.js'\nexport { Home } from './Home.js'\n",
    )
    expect(strFromU8(files['Arrow2.tsx']!)).toContain(
      'export function Arrow2({ title, decorative, ...props }: IconProps)',
    )
    expect(JSON.parse(strFromU8(files['package.json']!))).toMatchObject({
      name: 'my-icons',
      main: 'index.ts',
    })
  })

  test('React JS and React Native TS packages', async () => {
    const js = unzipSync((await build('react-js')).bytes)
    expect(Object.keys(js)).toContain('index.js')
    expect(Object.keys(js)).toContain('Home.jsx')
    const native = unzipSync((await build('react-native-ts')).bytes)
    expect(strFromU8(native['Home.tsx']!)).toContain("from 'react-native-svg'")
    expect(JSON.parse(strFromU8(native['package.json']!)).peerDependencies).toHaveProperty('react-native-svg')
  })

  test('an SVG sprite with one uniquely named <symbol> per icon', async () => {
    const result = await build('sprite')
    expect(result.fileName).toBe('my-icons-sprite.svg')
    const text = strFromU8(result.bytes)
    const ids = [...text.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toEqual(['arrow', 'arrow-2', 'home'])
    expect(text).toContain(
      '<symbol id="home" viewBox="0 0 24 24" fill="none" stroke="currentColor"><title>Home</title><path d="M3 9l9-7 9 7"/></symbol>',
    )
    expect(text.match(/xmlns=/g)).toHaveLength(1)
  })

  test('a CSS file with one class per icon, under the project’s class prefix (ADR 0105)', async () => {
    const text = strFromU8((await build('css')).bytes)
    expect([...text.matchAll(/^\.([\w-]+) \{/gm)].map((m) => m[1])).toEqual([
      'my-arrow',
      'my-arrow-2',
      'my-home',
    ])
  })
})

test('every export is 1em high (React Native: a size of 24) and keeps a fixed single colour as its default', async () => {
  const brown = {
    name: 'acorn',
    svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#7c533e" d="M4 4h16v16H4z"/></svg>',
  }
  const only = (kind: ExportKind) => buildExport({ kind, projectName: 'Nuts', icons: [brown] }, () => {})
  const svg = strFromU8(unzipSync((await only('svg-zip')).bytes)['acorn.svg']!)
  expect(svg).toMatch(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1em" height="1em" viewBox="0 0 24 24" color="#7c533e" role="img" aria-label="Acorn"><title>Acorn<\/title>/,
  )
  expect(svg).toContain('fill="currentColor"')
  const react = unzipSync((await only('react-ts')).bytes)
  expect(strFromU8(react['Acorn.tsx']!)).toContain(
    ' width="1em" height="1em" viewBox="0 0 24 24" color="#7c533e" role={hidden ? undefined : \'img\'}',
  )
  expect(strFromU8(react['README.md']!)).toContain('1em high')
  const native = strFromU8(unzipSync((await only('react-native-ts')).bytes)['Acorn.tsx']!)
  expect(native).toContain('export function Acorn({ size = 24, title, decorative, ...props }')
  expect(native).toContain(
    '<Svg width={size} height={size} viewBox="0 0 24 24" color="#7c533e" accessible={!hidden}',
  )
  const css = strFromU8((await only('css')).bytes)
  expect(css).toContain('  width: 1em;\n  height: 1em;')
  expect(css).toContain('  color: #7c533e;\n  background-color: currentColor;')
})

test('names', () => {
  const next = uniqueNamer((n) => n.toLowerCase())
  expect([next('a'), next('A'), next('a')].map((r) => r.key)).toEqual(['a', 'a-2', 'a-3'])
  expect(slug('  Ünïcode Icons  ')).toBe('unicode-icons')
  expect(slug('!!!')).toBe('icons')
})

describe('aliases in every output (ADR 0104)', () => {
  const house = {
    name: 'house',
    svg: svg('M3 9l9-7 9 7'),
    aliases: [
      { name: 'home', deprecated: true, remove_in: '3.0.0' },
      { name: 'hut', deprecated: true, remove_in: null },
      { name: 'dwelling', deprecated: false, remove_in: null },
      // Its component would be Arrow: another icon's, so it is left out and reported.
      { name: 'arrow', deprecated: true, remove_in: null },
      // Derives to the icon's own names: nothing to add.
      { name: 'House', deprecated: true, remove_in: null },
    ],
  }
  const set = [house, { name: 'arrow', svg: svg('M5 12h14') }]
  const run = (kind: ExportKind) => buildExport({ kind, projectName: 'Set', icons: set }, () => {})

  test('packages re-export each alias, a deprecated one with @deprecated (and its removal release)', async () => {
    for (const kind of ['react-ts', 'react-js', 'react-native-ts'] as const) {
      const result = await run(kind)
      const files = unzipSync(result.bytes)
      // Each module by a specifier its kind's resolvers accept (package-files.ts moduleSpecifier).
      const ext = { 'react-ts': '.js', 'react-js': '.jsx', 'react-native-ts': '' }[kind]
      expect(strFromU8(files[kind === 'react-js' ? 'index.js' : 'index.ts']!)).toBe(
        [
          `export { Arrow } from './Arrow${ext}'`,
          `export { House } from './House${ext}'`,
          `export { /** @deprecated Use House. Removed in 3.0.0 */ House as Home } from './House${ext}'`,
          `export { /** @deprecated Use House. */ House as Hut } from './House${ext}'`,
          `export { House as Dwelling } from './House${ext}'`,
          '',
        ].join('\n'),
      )
      expect(Object.keys(files)).not.toContain('Home.tsx')
      expect(result.skipped).toEqual([
        { name: 'arrow', error: expect.stringContaining('“arrow” is left out') },
      ])
    }
  })

  test('CSS: the old class is a second selector of the same rule', async () => {
    const text = strFromU8((await run('css')).bytes)
    expect(text).toContain(
      '.set-house,\n.set-home,\n.set-hut,\n.set-dwelling {\n  /* Use: <span class="set-house" role="img" aria-label="House"></span> */\n  display: inline-block;',
    )
    expect(text).toMatch(/^\/\* Set: 2 icons/)
  })

  test('sprite: a second <symbol> with the alias id, drawn the same', async () => {
    const text = strFromU8((await run('sprite')).bytes)
    expect([...text.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'arrow',
      'house',
      'home',
      'hut',
      'dwelling',
    ])
    const body = (id: string) => text.match(new RegExp(`<symbol id="${id}"(.*?)</symbol>`))?.[1]
    expect(body('home')).toBe(body('house'))
  })

  test('SVG ZIP: aliases.json maps old file names to new; none without aliases', async () => {
    const files = unzipSync((await run('svg-zip')).bytes)
    expect(Object.keys(files)).toEqual(['arrow.svg', 'house.svg', 'aliases.json'])
    expect(JSON.parse(strFromU8(files['aliases.json']!))).toEqual({
      home: 'house',
      hut: 'house',
      dwelling: 'house',
    })
    expect(Object.keys(unzipSync((await build('svg-zip')).bytes))).not.toContain('aliases.json')
  })

  test('an icon that cannot be converted takes its aliases with it', async () => {
    const broken = {
      name: 'broken',
      svg: '<html/>',
      aliases: [{ name: 'old', deprecated: true, remove_in: null }],
    }
    const files = unzipSync(
      (await buildExport({ kind: 'svg-zip', projectName: 'x', icons: [broken, house] }, () => {})).bytes,
    )
    expect(Object.keys(JSON.parse(strFromU8(files['aliases.json']!)))).not.toContain('old')
  })
})

describe('deterministic bytes (ADR 0104)', () => {
  test('the same icons in any order give the same bytes, with every ZIP entry dated 1980-01-01', async () => {
    for (const kind of ['svg-zip', 'react-ts', 'react-js', 'react-native-ts', 'sprite', 'css'] as const) {
      const a = await buildExport({ kind, projectName: 'P', icons }, () => {})
      const b = await buildExport({ kind, projectName: 'P', icons: [...icons].reverse() }, () => {}, 1)
      expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes)), kind).toBe(true)
    }
    const zip = (await build('svg-zip')).bytes
    // ZIP dates are wall-clock times: the same bytes in any time zone.
    const zone = process.env.TZ
    try {
      for (const tz of ['Pacific/Kiritimati', 'America/St_Johns', 'UTC']) {
        process.env.TZ = tz
        expect(Buffer.from((await build('svg-zip')).bytes).equals(Buffer.from(zip)), tz).toBe(true)
      }
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
    // The local file header's DOS time and date (offsets 10 and 12): 00:00:00 on 1980-01-01.
    const view = new DataView(zip.buffer, zip.byteOffset)
    expect([view.getUint16(10, true), view.getUint16(12, true)]).toEqual([0, (1 << 5) | 1])
  })

  test('a package carries the version it is given (a release), 1.0.0 otherwise', async () => {
    const files = unzipSync(
      (await buildExport({ kind: 'react-ts', projectName: 'P', icons, version: '2.1.0' }, () => {})).bytes,
    )
    expect(JSON.parse(strFromU8(files['package.json']!)).version).toBe('2.1.0')
  })
})
