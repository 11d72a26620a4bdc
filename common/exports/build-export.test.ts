import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { buildExport } from './build-export.ts'
import type { ExportKind } from './export-kinds.ts'
import { slug, uniqueNamer } from './unique-names.ts'

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
      "export { Arrow } from './Arrow'\nexport { Arrow2 } from './Arrow2'\nexport { Home } from './Home'\n",
    )
    expect(strFromU8(files['Arrow2.tsx']!)).toContain(
      'export function Arrow2(props: SVGProps<SVGSVGElement>)',
    )
    expect(JSON.parse(strFromU8(files['package.json']!))).toMatchObject({
      name: 'my-icons-icons',
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
      '<symbol id="home" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="M3 9l9-7 9 7"/></symbol>',
    )
    expect(text.match(/xmlns=/g)).toHaveLength(1)
  })

  test('a CSS file with one class per icon', async () => {
    const text = strFromU8((await build('css')).bytes)
    expect([...text.matchAll(/^\.([\w-]+) \{/gm)].map((m) => m[1])).toEqual(['arrow', 'arrow-2', 'home'])
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
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1em" height="1em" viewBox="0 0 24 24" color="#7c533e">/,
  )
  expect(svg).toContain('fill="currentColor"')
  const react = unzipSync((await only('react-ts')).bytes)
  expect(strFromU8(react['Acorn.tsx']!)).toContain(
    ' width="1em" height="1em" viewBox="0 0 24 24" color="#7c533e" {...props}>',
  )
  expect(strFromU8(react['README.md']!)).toContain('1em high')
  const native = strFromU8(unzipSync((await only('react-native-ts')).bytes)['Acorn.tsx']!)
  expect(native).toContain('export function Acorn({ size = 24, ...props }')
  expect(native).toContain('<Svg width={size} height={size} viewBox="0 0 24 24" color="#7c533e" {...props}>')
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
