// Name mapping of a pull (build-files.ts): an icon's name gives its file name per format, as the
// in-app export names it (kebab-case for svg and css, a component name for the package formats),
// names that would collide are numbered, the package formats get their index, an icon whose markup
// cannot be converted is skipped (named), and a kept icon must keep its file or the build says null.
import { describe, expect, it } from 'vitest'
import { convertSvg } from '../../common/svg/index.ts'
import { buildFiles, type PullIcon } from './build-files.ts'
import { sha256 } from './lock.ts'

const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 3h18v18H3z"/></svg>'
const row = (id: string, name: string, svg = SQUARE): PullIcon => ({ id, name, svg })
const files = (rows: PullIcon[], format: Parameters<typeof buildFiles>[1]) =>
  buildFiles(rows, format, 'iv')!.icons.map((icon) => [icon.name, icon.file])

describe('buildFiles: icon name → file name', () => {
  it('names each format’s files as the export does', () => {
    const rows = [row('a', 'Arrow left'), row('b', 'star 2')]
    expect(files(rows, 'svg')).toEqual([
      ['Arrow left', 'arrow-left.svg'],
      ['star 2', 'star-2.svg'],
    ])
    expect(files(rows, 'css')).toEqual([
      ['Arrow left', 'arrow-left.css'],
      ['star 2', 'star-2.css'],
    ])
    expect(files(rows, 'react-ts')).toEqual([
      ['Arrow left', 'ArrowLeft.tsx'],
      ['star 2', 'Star2.tsx'],
    ])
    expect(files(rows, 'react-js')).toEqual([
      ['Arrow left', 'ArrowLeft.jsx'],
      ['star 2', 'Star2.jsx'],
    ])
    expect(files(rows, 'react-native-ts')).toEqual([
      ['Arrow left', 'ArrowLeft.tsx'],
      ['star 2', 'Star2.tsx'],
    ])
  })

  it('numbers names that would give the same file (case aside), in the export’s order', () => {
    const rows = [row('a', 'house'), row('b', 'House', SQUARE.replace('M3', 'M4'))]
    expect(files(rows, 'svg')).toEqual([
      ['House', 'house.svg'],
      ['house', 'house-2.svg'],
    ])
    expect(files(rows, 'react-ts')).toEqual([
      ['House', 'House.tsx'],
      ['house', 'House2.tsx'],
    ])
  })

  it('writes the index of the package formats, importing each file as the format resolves it', () => {
    const rows = [row('a', 'house')]
    expect(buildFiles(rows, 'react-ts', '')!.extra).toEqual([
      { file: 'index.ts', text: "export { House } from './House.js'\n" },
    ])
    expect(buildFiles(rows, 'react-js', '')!.extra).toEqual([
      { file: 'index.js', text: "export { House } from './House.jsx'\n" },
    ])
    expect(buildFiles(rows, 'react-native-ts', '')!.extra).toEqual([
      { file: 'index.ts', text: "export { House } from './House'\n" },
    ])
    expect(buildFiles(rows, 'svg', '')!.extra).toEqual([])
    expect(buildFiles(rows, 'css', 'iv')!.extra).toEqual([])
  })

  it('gives each file its converted text and that text’s sha256', () => {
    const [icon] = buildFiles([row('a', 'house')], 'svg', '')!.icons
    expect(icon!.text).toContain('<svg')
    expect(icon!.sha256).toBe(sha256(icon!.text!))
    const [css] = buildFiles([row('a', 'house')], 'css', 'brand')!.icons
    expect(css!.text).toContain('brand')
  })

  it('skips an icon whose markup cannot be converted, naming it, and builds the others', () => {
    const built = buildFiles([row('a', 'house'), row('b', 'broken', 'not svg')], 'svg', '')!
    expect(built.icons.map((icon) => icon.file)).toEqual(['house.svg'])
    expect(built.skipped).toEqual([{ id: 'b', name: 'broken', error: expect.any(String) }])
    expect(() => convertSvg('not svg', 'svg', 'broken')).toThrow(built.skipped[0]!.error)
  })

  it('keeps a kept icon’s file without its text; null when its file name would change', () => {
    const kept = (file: string): PullIcon => ({
      id: 'k',
      name: 'house',
      svg: '',
      kept: { file, sha256: 'f'.repeat(64) },
    })
    const built = buildFiles([kept('house.svg'), row('n', 'star')], 'svg', '')!
    expect(built.icons).toEqual([
      { id: 'k', name: 'house', file: 'house.svg', sha256: 'f'.repeat(64) },
      expect.objectContaining({ id: 'n', file: 'star.svg', text: expect.any(String) }),
    ])
    // Its file would now be named otherwise (house-2.svg, now house.svg): only a whole list can say.
    expect(buildFiles([kept('house-2.svg'), row('n', 'star')], 'svg', '')).toBeNull()
  })
})
